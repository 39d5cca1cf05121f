// The parts of the player's page that only show: the character, the last roll, the
// dice, the scene, the energy, the cards, the clocks and the factions.

import { byId, clear, dieImage, dieWords, element, show } from "./dom.js";

export function renderCharacter(view) {
  const character = view.character;
  byId("name").textContent = character.name;
  document.title = character.name + " — GM Desk";
  const state = byId("play-state");
  const inPlay = character.play_state === "in_play";
  state.textContent = inPlay ? "" : character.play_state_words;
  state.className = "play-state" + (inPlay ? "" : " out");
  show(state, !inPlay);
}

export function renderRoll(roll) {
  const section = byId("roll");
  show(section, Boolean(roll));
  if (!roll) {
    return;
  }
  byId("roll-who").textContent = roll.yours ? "You rolled" : roll.character_name + " rolled";
  const dice = byId("roll-dice");
  clear(dice);
  roll.dice.forEach(function (die) {
    let words = die.face + " on a d" + die.rolled_as;
    if (die.rolled_as !== die.size) {
      words += " (a d" + die.size + " stepped to d" + die.rolled_as + ")";
    }
    if (die.depleted) {
      words += ", depleted";
    }
    const figure = element("figure", "rolled" + (die.depleted ? " depleted" : ""));
    figure.appendChild(dieImage(die.art, words));
    if (die.depleted) {
      figure.appendChild(element("figcaption", "", "depleted"));
    }
    dice.appendChild(figure);
  });
  byId("roll-total").textContent = roll.total === null ? "" : "Total " + roll.total;
  byId("roll-words").textContent = roll.summary;
}

const PLACES = [
  ["tray", "In the tray"],
  ["pool", "In the pool"],
  ["table", "On the table (depleted)"],
  ["removed", "Removed"],
];

function placeOf(die) {
  if (die.item) {
    return "items";
  }
  return die.in_tray ? "tray" : die.place;
}

export function renderDice(view) {
  const dice = view.dice;
  show(byId("dice"), true);
  const groups = byId("dice-groups");
  clear(groups);
  const counts = [];
  const ordinary = dice.filter(function (die) {
    return !die.item;
  });
  [["pool", "in the pool"], ["table", "on the table"], ["removed", "removed"]].forEach(
    function (pair) {
      const count = ordinary.filter(function (die) {
        return die.place === pair[0];
      }).length;
      counts.push(count + " " + pair[1]);
    }
  );
  byId("dice-counts").textContent = dice.length ? counts.join(" · ") : "No dice yet.";
  PLACES.concat([["items", "Weapons and armour"]]).forEach(function (pair) {
    const shown = dice.filter(function (die) {
      return placeOf(die) === pair[0];
    });
    if (!shown.length) {
      return;
    }
    const group = element("div", "dice-group");
    group.appendChild(element("h3", "", pair[1] + " (" + shown.length + ")"));
    const row = element("div", "dice");
    shown.forEach(function (die) {
      const figure = element("figure", "kit-die " + die.place);
      figure.appendChild(dieImage(die.art, dieWords(die)));
      let caption = die.item ? die.item + ", " + die.place_words : "";
      if (die.rolls_as) {
        caption = "rolls as d" + die.rolls_as;
      }
      if (caption) {
        figure.appendChild(element("figcaption", "", caption));
      }
      row.appendChild(figure);
    });
    group.appendChild(row);
    groups.appendChild(group);
  });
}

export function renderScene(scene) {
  show(byId("scene"), scene.running);
  if (!scene.running) {
    return;
  }
  let title = scene.number ? "Scene " + scene.number : "Scene";
  if (scene.number) {
    title += " · Round " + scene.round;
  }
  byId("scene-title").textContent = title;
  byId("scene-text").textContent = scene.text || "The scene is being set.";
  const turn = byId("scene-turn");
  turn.textContent = scene.turn_name ? "▶ " + scene.turn_name + "'s turn" : "";
  show(turn, Boolean(scene.turn_name));
  const order = byId("scene-order");
  clear(order);
  scene.order.forEach(function (seat) {
    let text = (seat.current ? "▶ " : "") + seat.name;
    if (seat.you) {
      text += " (you)";
    }
    if (!seat.in_play) {
      text += " — " + seat.state_words;
    }
    const item = element("li", "seat", text);
    item.value = seat.turn;
    if (seat.current) {
      item.classList.add("current");
      item.setAttribute("aria-current", "step");
    }
    if (!seat.in_play) {
      item.classList.add("out");
    }
    order.appendChild(item);
  });
}

function figureLine(label, value, className) {
  const line = element("p", "figure-line" + (className ? " " + className : ""));
  line.appendChild(element("span", "label", label));
  line.appendChild(element("span", "value", value));
  return line;
}

export function renderEnergy(energy) {
  show(byId("energy"), energy.tracked);
  if (!energy.tracked) {
    return;
  }
  byId("energy-title").textContent = energy.day ? "Energy · day " + energy.day : "Energy";
  const body = byId("energy-body");
  clear(body);
  if (!energy.recorded) {
    body.appendChild(element("p", energy.dead ? "danger" : "muted", energy.words));
    return;
  }
  body.appendChild(figureLine("Available now", energy.available, "big"));
  body.appendChild(figureLine("The day opened with", energy.opened_with));
  body.appendChild(
    figureLine("Debt", energy.debt ? energy.debt : "none", energy.debt ? "danger" : "")
  );
  if (energy.projects.length) {
    body.appendChild(element("h3", "", "Projects"));
    const list = element("ul", "projects");
    energy.projects.forEach(function (project) {
      let text = project.name + ": " + project.pool;
      if (project.tomorrow) {
        text += " (+" + project.tomorrow + " tomorrow)";
      }
      list.appendChild(element("li", "", text));
    });
    body.appendChild(list);
  }
  if (energy.words) {
    body.appendChild(element("p", energy.dead ? "danger" : "muted", energy.words));
  }
}

const STATS = [
  ["power", "Power"],
  ["velocity", "Velocity"],
  ["focus", "Focus"],
  ["resistance", "Resistance"],
];

export function renderCards(cards) {
  show(byId("cards"), cards.length > 0);
  const list = byId("cards-list");
  clear(list);
  cards.forEach(function (card) {
    list.appendChild(cardArticle(card));
  });
}

// One SySCard as the page shows it (a shown card, or a card handout's copy).
export function cardArticle(card) {
  const article = element("article", "syscard");
  const head = element("header", "syscard-head");
  head.appendChild(element("h3", "", card.name));
  head.appendChild(element("span", "efficiency", card.efficiency_label));
  article.appendChild(head);
  let kind = card.category.charAt(0).toUpperCase() + card.category.slice(1);
  if (card.grade) {
    kind += " · " + card.grade;
  }
  article.appendChild(element("p", "muted", kind));
  const stats = element("dl", "stats");
  STATS.forEach(function (pair) {
    stats.appendChild(element("dt", "", pair[1]));
    stats.appendChild(element("dd", "", card[pair[0]]));
  });
  [["zone", "Zone"], ["scale", "Scale"]].forEach(function (pair) {
    if (card[pair[0]]) {
      stats.appendChild(element("dt", "", pair[1]));
      stats.appendChild(element("dd", "", card[pair[0]]));
    }
  });
  article.appendChild(stats);
  card.info.forEach(function (paragraph) {
    article.appendChild(element("p", "info", paragraph));
  });
  return article;
}

function clockDial(clock) {
  const dial = element("div", "dial");
  dial.setAttribute("aria-hidden", "true");
  for (let index = 0; index < clock.segments; index += 1) {
    dial.appendChild(element("span", index < clock.filled ? "segment filled" : "segment"));
  }
  return dial;
}

export function renderClocks(clocks) {
  show(byId("clocks"), clocks.length > 0);
  const list = byId("clocks-list");
  clear(list);
  clocks.forEach(function (clock) {
    const item = element("li", "clock" + (clock.done ? " done" : ""));
    item.appendChild(element("span", "clock-name", clock.name));
    item.appendChild(clockDial(clock));
    let text = clock.filled + " of " + clock.segments + (clock.done ? " ✓ done" : "");
    if (clock.owner) {
      text += " · " + clock.owner;
    }
    item.appendChild(element("span", "muted", text));
    list.appendChild(item);
  });
}

export function renderFactions(view) {
  const chapter = view.chapter;
  show(byId("factions"), true);
  byId("chapter").textContent =
    chapter.name + ": tier " + chapter.tier + ", " + chapter.hold + " hold" +
    (chapter.at_war ? " · at war" : "");
  const list = byId("factions-list");
  clear(list);
  if (!view.factions.length) {
    list.appendChild(element("li", "muted", "No factions shown"));
  }
  view.factions.forEach(function (faction) {
    const item = element("li", "faction");
    item.appendChild(element("span", "faction-name", faction.name));
    item.appendChild(element("span", "muted", "Tier " + faction.tier));
    const status = Math.max(-3, Math.min(3, Number(faction.status) || 0));
    const badge = element("span", "badge", faction.status_words);
    badge.dataset.status = String(status);
    item.appendChild(badge);
    list.appendChild(item);
  });
}
