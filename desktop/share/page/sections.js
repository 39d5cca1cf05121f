// The parts of the player's page that only show: the character, the last roll, the
// dice, the scene, the energy, the cards, the clocks and the factions.

import { byId, clear, dieImage, dieWords, element, nt, show, t } from "./dom.js";

export function renderCharacter(view) {
  const character = view.character;
  byId("name").textContent = character.name;
  document.title = t("{name} — GM Desk", { name: character.name });
  const state = byId("play-state");
  const inPlay = character.play_state === "in_play";
  state.textContent = inPlay ? "" : t(character.play_state_words);
  state.className = "play-state" + (inPlay ? "" : " out");
  show(state, !inPlay);
}

export function renderRoll(roll) {
  const section = byId("roll");
  show(section, Boolean(roll));
  if (!roll) {
    return;
  }
  byId("roll-who").textContent = roll.yours
    ? t("You rolled")
    : t("{name} rolled", { name: roll.character_name });
  const dice = byId("roll-dice");
  clear(dice);
  roll.dice.forEach(function (die) {
    const values = { face: die.face, size: die.size, rolled_as: die.rolled_as };
    let words;
    if (die.rolled_as !== die.size) {
      words = die.depleted
        ? t("{face} on a d{rolled_as} (a d{size} stepped to d{rolled_as}), depleted", values)
        : t("{face} on a d{rolled_as} (a d{size} stepped to d{rolled_as})", values);
    } else {
      words = die.depleted
        ? t("{face} on a d{rolled_as}, depleted", values)
        : t("{face} on a d{rolled_as}", values);
    }
    const figure = element("figure", "rolled" + (die.depleted ? " depleted" : ""));
    figure.appendChild(dieImage(die.art, words));
    if (die.depleted) {
      figure.appendChild(element("figcaption", "", t("depleted")));
    }
    dice.appendChild(figure);
  });
  byId("roll-total").textContent =
    roll.total === null ? "" : t("Total {total}", { total: roll.total });
  byId("roll-words").textContent = roll.summary;
}

// Headings, each with its count: whole sentences, so that each language says them its way.
function placeHeading(place, count) {
  if (place === "tray") {
    return t("In the tray ({count})", { count: count });
  }
  if (place === "pool") {
    return t("In the pool ({count})", { count: count });
  }
  if (place === "table") {
    return t("On the table, depleted ({count})", { count: count });
  }
  if (place === "removed") {
    return t("Removed ({count})", { count: count });
  }
  return t("Weapons and armour ({count})", { count: count });
}

const PLACES = ["tray", "pool", "table", "removed", "items"];

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
  function counted(place) {
    return ordinary.filter(function (die) {
      return die.place === place;
    }).length;
  }
  counts.push(t("{count} in the pool", { count: counted("pool") }));
  counts.push(t("{count} on the table", { count: counted("table") }));
  counts.push(nt("{count} removed", "{count} removed", counted("removed")));
  byId("dice-counts").textContent = dice.length ? counts.join(" · ") : t("No dice yet.");
  PLACES.forEach(function (place) {
    const shown = dice.filter(function (die) {
      return placeOf(die) === place;
    });
    if (!shown.length) {
      return;
    }
    const group = element("div", "dice-group");
    group.appendChild(element("h3", "", placeHeading(place, shown.length)));
    const row = element("div", "dice");
    shown.forEach(function (die) {
      const figure = element("figure", "kit-die " + die.place);
      figure.appendChild(dieImage(die.art, dieWords(die)));
      let caption = die.item ? die.item + ", " + t(die.place_words) : "";
      if (die.rolls_as) {
        caption = t("rolls as d{size}", { size: die.rolls_as });
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
  const title = scene.number
    ? t("Scene {number} · Round {round}", { number: scene.number, round: scene.round })
    : t("Scene");
  byId("scene-title").textContent = title;
  byId("scene-text").textContent = scene.text || t("The scene is being set.");
  const turn = byId("scene-turn");
  turn.textContent = scene.turn_name ? "▶ " + t("{name}'s turn", { name: scene.turn_name }) : "";
  show(turn, Boolean(scene.turn_name));
  const order = byId("scene-order");
  clear(order);
  scene.order.forEach(function (seat) {
    let text = seat.you ? t("{name} (you)", { name: seat.name }) : seat.name;
    text = (seat.current ? "▶ " : "") + text;
    if (!seat.in_play) {
      text += " — " + t(seat.state_words);
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
  byId("energy-title").textContent = energy.day
    ? t("Energy · day {day}", { day: energy.day })
    : t("Energy");
  const body = byId("energy-body");
  clear(body);
  if (!energy.recorded) {
    body.appendChild(element("p", energy.dead ? "danger" : "muted", energyWords(energy)));
    return;
  }
  body.appendChild(figureLine(t("Available now"), energy.available, "big"));
  body.appendChild(figureLine(t("The day opened with"), energy.opened_with));
  body.appendChild(
    figureLine(t("Debt"), energy.debt ? energy.debt : t("none"), energy.debt ? "danger" : "")
  );
  if (energy.projects.length) {
    body.appendChild(element("h3", "", t("Projects")));
    const list = element("ul", "projects");
    energy.projects.forEach(function (project) {
      const values = { name: project.name, pool: project.pool, tomorrow: project.tomorrow };
      const text = project.tomorrow
        ? t("{name}: {pool} (+{tomorrow} tomorrow)", values)
        : t("{name}: {pool}", values);
      list.appendChild(element("li", "", text));
    });
    body.appendChild(list);
  }
  if (energy.words) {
    body.appendChild(element("p", energy.dead ? "danger" : "muted", energyWords(energy)));
  }
}

// Why the energy section has no figures, in the page's language (the view's words are
// English; the page's words hold them).
function energyWords(energy) {
  return energy.dead_since
    ? t("Dead since day {day}", { day: energy.dead_since })
    : t(energy.words);
}

function statName(key) {
  if (key === "power") {
    return t("Power");
  }
  if (key === "velocity") {
    return t("Velocity");
  }
  if (key === "focus") {
    return t("Focus");
  }
  if (key === "resistance") {
    return t("Resistance");
  }
  return key === "zone" ? t("Zone") : t("Scale");
}

const STATS = ["power", "velocity", "focus", "resistance"];

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
  const category = t(card.category);
  let kind = category.charAt(0).toUpperCase() + category.slice(1);
  if (card.grade) {
    kind += " · " + card.grade;
  }
  article.appendChild(element("p", "muted", kind));
  const stats = element("dl", "stats");
  STATS.forEach(function (key) {
    stats.appendChild(element("dt", "", statName(key)));
    stats.appendChild(element("dd", "", card[key]));
  });
  ["zone", "scale"].forEach(function (key) {
    if (card[key]) {
      stats.appendChild(element("dt", "", statName(key)));
      stats.appendChild(element("dd", "", card[key]));
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
    const values = { filled: clock.filled, segments: clock.segments };
    let text = clock.done
      ? t("{filled} of {segments} ✓ done", values)
      : t("{filled} of {segments}", values);
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
  const values = { name: chapter.name, tier: chapter.tier, hold: t(chapter.hold) };
  byId("chapter").textContent = chapter.at_war
    ? t("{name}: tier {tier}, {hold} hold · at war", values)
    : t("{name}: tier {tier}, {hold} hold", values);
  const list = byId("factions-list");
  clear(list);
  if (!view.factions.length) {
    list.appendChild(element("li", "muted", t("No factions shown")));
  }
  view.factions.forEach(function (faction) {
    const item = element("li", "faction");
    item.appendChild(element("span", "faction-name", faction.name));
    item.appendChild(element("span", "muted", t("Tier {tier}", { tier: faction.tier })));
    const status = Math.max(-3, Math.min(3, Number(faction.status) || 0));
    const badge = element("span", "badge", t(faction.status_words));
    badge.dataset.status = String(status);
    item.appendChild(badge);
    list.appendChild(item);
  });
}
