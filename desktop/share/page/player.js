// The player's page: one WebSocket to GM Desk, the whole view in each message, drawn
// with plain DOM (text only: nothing the campaign holds is ever read as HTML).
//
// Protocol (desktop/share): send {"type":"hello","version":<last version or null>} on
// every connect; receive {"type":"view","version":n,"view":{...}}, {"type":"error",
// "message":s} (shown, the connection stays) and {"type":"bye","message":s} (this link
// was renewed or sharing stopped: shown, no reconnecting). A version gap sends
// {"type":"resync"}. A player the GM lets roll sends {"type":"roll",...} (below), and
// after an all-ones roll {"type":"choose","id","keep"|"lose":die id}, and gets
// {"type":"done"|"refused","id",...}. A lost connection retries with a growing
// pause and says so.
"use strict";

(function () {
  const FIRST_PAUSE_MS = 500;
  const LONGEST_PAUSE_MS = 15000;
  const DICE_PATH = "/static/dice/";
  const RECONNECTING = "Reconnecting…";

  let socket = null;
  let version = null; // the version of the view on screen
  let pause = FIRST_PAUSE_MS;
  let retry = null;
  let finished = false; // a "bye": this page stays as it is
  // The first view on a connection is taken whatever its version (GM Desk may have
  // restarted and counted again); the answer to a resync may repeat the version on
  // screen; any other view must be newer than it.
  let anyVersion = true;
  let resyncing = false;

  function byId(id) {
    return document.getElementById(id);
  }

  function element(tag, className, text) {
    const made = document.createElement(tag);
    if (className) {
      made.className = className;
    }
    if (text !== undefined && text !== null) {
      made.textContent = String(text);
    }
    return made;
  }

  function clear(node) {
    while (node.firstChild) {
      node.removeChild(node.firstChild);
    }
  }

  function show(node, visible) {
    node.hidden = !visible;
  }

  function setBanner(text) {
    const banner = byId("banner");
    banner.textContent = text || "";
    show(banner, Boolean(text));
  }

  function setNotice(text) {
    const notice = byId("notice");
    notice.textContent = text || "";
    show(notice, Boolean(text));
  }

  function token() {
    const parts = window.location.pathname.split("/").filter(Boolean);
    return parts.length ? parts[parts.length - 1] : "";
  }

  function plural(count, one, many) {
    return count + " " + (count === 1 ? one : many);
  }

  // -- drawing the view -------------------------------------------------------------

  function dieImage(art, words) {
    const image = element("img", "die");
    image.src = DICE_PATH + encodeURIComponent(art);
    image.alt = words;
    image.title = words;
    image.width = 96;
    image.height = 96;
    image.decoding = "async";
    return image;
  }

  function dieWords(die) {
    let words = "d" + die.size;
    if (die.kind !== "ordinary") {
      words += " " + die.kind_words;
    }
    words += " die, " + die.place_words;
    if (die.rolls_as) {
      words += ", rolls as d" + die.rolls_as;
    }
    return words;
  }

  function renderCharacter(view) {
    const character = view.character;
    byId("name").textContent = character.name;
    document.title = character.name + " — GM Desk";
    const state = byId("play-state");
    const inPlay = character.play_state === "in_play";
    state.textContent = inPlay ? "" : character.play_state_words;
    state.className = "play-state" + (inPlay ? "" : " out");
    show(state, !inPlay);
  }

  function renderRoll(roll) {
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

  function renderDice(view) {
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

  function renderScene(scene) {
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

  function renderEnergy(energy) {
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

  function renderCards(cards) {
    show(byId("cards"), cards.length > 0);
    const list = byId("cards-list");
    clear(list);
    cards.forEach(function (card) {
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
      list.appendChild(article);
    });
  }

  function clockDial(clock) {
    const dial = element("div", "dial");
    dial.setAttribute("aria-hidden", "true");
    for (let index = 0; index < clock.segments; index += 1) {
      dial.appendChild(element("span", index < clock.filled ? "segment filled" : "segment"));
    }
    return dial;
  }

  function renderClocks(clocks) {
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

  function renderFactions(view) {
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

  function render(view) {
    renderCharacter(view);
    renderRoll(view.last_roll);
    renderDice(view);
    renderAllOnes(view);
    renderRoller(view);
    renderScene(view.scene);
    renderEnergy(view.energy);
    renderCards(view.cards);
    renderClocks(view.clocks);
    renderFactions(view);
  }

  // -- the player's own roll (issue 30) ------------------------------------------------
  //
  // The tray is the page's own until Roll: the dice picked (by id) with the trait steps
  // spent on each, and the traits ticked. Roll sends {"type":"roll","id",...}; GM Desk
  // answers {"type":"done","id"} or {"type":"refused","id","message"} and the roll
  // itself comes as a new view. A request still unanswered when the connection drops is
  // sent again, same id, on reconnect: GM Desk applies an id at most once.

  const SIZES = [4, 6, 8, 10, 12, 20];
  const tray = new Map(); // die id -> trait steps spent on it
  const ticked = new Set(); // trait ids
  let pending = null; // the roll or choose request sent and not answered yet
  let shownView = null;

  function requestId() {
    const bytes = new Uint8Array(12);
    window.crypto.getRandomValues(bytes);
    return Array.from(bytes, function (byte) {
      return byte.toString(16).padStart(2, "0");
    }).join("");
  }

  function steppedSize(size, steps) {
    const index = SIZES.indexOf(size) + steps;
    return SIZES[Math.min(index, SIZES.length - 1)] || size;
  }

  function stepsAllowed(view) {
    return view.traits
      .filter(function (trait) {
        return ticked.has(trait.id);
      })
      .reduce(function (sum, trait) {
        return sum + trait.value;
      }, 0);
  }

  function stepsUsed() {
    let used = 0;
    tray.forEach(function (steps) {
      used += steps;
    });
    return used;
  }

  function say(text) {
    const said = byId("roller-said");
    said.textContent = text || "";
    show(said, Boolean(text));
  }

  function pickButton(die, words, onTap) {
    const button = element("button", "pick");
    button.type = "button";
    button.dataset.die = String(die.id);
    button.setAttribute("aria-label", words);
    button.appendChild(dieImage(die.art, words));
    button.addEventListener("click", onTap);
    return button;
  }

  function renderRoller(view) {
    shownView = view;
    const section = byId("roller");
    const allowed = Boolean(view.character.may_roll);
    show(section, allowed);
    if (!allowed) {
      tray.clear();
      ticked.clear();
      return;
    }
    const inPool = view.dice.filter(function (die) {
      return die.kind === "ordinary" && die.place === "pool" && !die.item;
    });
    const ids = new Set(inPool.map(function (die) {
      return die.id;
    }));
    Array.from(tray.keys()).forEach(function (id) {
      if (!ids.has(id)) {
        tray.delete(id); // rolled, depleted or removed since it was picked
      }
    });
    const traitIds = new Set(view.traits.map(function (trait) {
      return trait.id;
    }));
    Array.from(ticked).forEach(function (id) {
      if (!traitIds.has(id)) {
        ticked.delete(id);
      }
    });
    const allowedSteps = stepsAllowed(view);
    if (stepsUsed() > allowedSteps) {
      tray.forEach(function (_steps, id) {
        tray.set(id, 0); // a trait unticked: its steps are taken back
      });
    }
    const pool = byId("roller-pool");
    const trayBox = byId("roller-tray");
    clear(pool);
    clear(trayBox);
    inPool.forEach(function (die) {
      if (tray.has(die.id)) {
        const steps = tray.get(die.id);
        const rolls = steppedSize(die.size, steps);
        const words = "d" + die.size + (steps ? " stepped to d" + rolls : "") +
          " in the tray: tap to take it out";
        const figure = element("figure", "tray-die");
        figure.appendChild(pickButton(die, words, function () {
          tray.delete(die.id);
          say("");
          renderRoller(shownView);
        }));
        const caption = steps ? "rolls as d" + rolls : "d" + die.size;
        figure.appendChild(element("figcaption", "", caption));
        if (allowedSteps > 0) {
          const room = stepsUsed() < allowedSteps;
          const step = element("button", "pick step", room ? "+ step" : "no step left");
          step.type = "button";
          step.setAttribute("aria-label", "Step this d" + die.size + " up with a trait");
          step.addEventListener("click", function () {
            const left = allowedSteps - stepsUsed();
            const top = SIZES.indexOf(die.size) + tray.get(die.id) >= SIZES.length - 1;
            tray.set(die.id, left > 0 && !top ? tray.get(die.id) + 1 : 0);
            renderRoller(shownView);
          });
          figure.appendChild(step);
        }
        trayBox.appendChild(figure);
      } else {
        const words = "d" + die.size + " in your pool: tap to put it in the tray";
        pool.appendChild(pickButton(die, words, function () {
          tray.set(die.id, 0);
          say("");
          renderRoller(shownView);
        }));
      }
    });
    if (!inPool.length) {
      pool.appendChild(element("p", "empty", "No dice in your pool."));
    }
    if (!tray.size) {
      trayBox.appendChild(element("p", "empty", "The tray is empty."));
    }
    renderTraits(view);
    byId("roller-steps").textContent = allowedSteps
      ? "Trait steps: " + stepsUsed() + " of " + allowedSteps + " used"
      : "";
    const button = byId("roller-roll");
    // An all-ones roll waiting for its choice: no other roll until it is made.
    button.disabled = !tray.size || pending !== null || Boolean(view.all_ones);
    if (pending !== null) {
      button.textContent = "Rolling…";
    } else {
      button.textContent = tray.size ? "Roll " + plural(tray.size, "die", "dice") : "Roll";
    }
  }

  function renderTraits(view) {
    const box = byId("roller-traits");
    Array.from(box.querySelectorAll("label")).forEach(function (label) {
      box.removeChild(label);
    });
    show(box, view.traits.length > 0);
    view.traits.forEach(function (trait) {
      const label = element("label", "trait");
      const tick = element("input");
      tick.type = "checkbox";
      tick.checked = ticked.has(trait.id);
      tick.dataset.trait = String(trait.id);
      tick.addEventListener("change", function () {
        if (tick.checked) {
          ticked.add(trait.id);
        } else {
          ticked.delete(trait.id);
        }
        renderRoller(shownView);
      });
      label.appendChild(tick);
      label.appendChild(document.createTextNode(" " + trait.name + " (" + trait.value + ")"));
      box.appendChild(label);
    });
  }

  function rollTray() {
    if (!shownView || !tray.size || pending !== null) {
      return;
    }
    const steps = {};
    tray.forEach(function (count, id) {
      if (count) {
        steps[String(id)] = count;
      }
    });
    pending = {
      type: "roll",
      id: requestId(),
      dice: Array.from(tray.keys()),
      traits: Array.from(ticked),
      steps: steps,
    };
    say("");
    send(pending);
    renderRoller(shownView);
  }

  // -- the all-ones choice: keep one die or lose one, and which -----------------------
  //
  // The view carries {"dice":[{"id","size","face","label"}],"keep":id,"lose":id} while
  // the player's all-ones roll waits (the ids: the dice the rules suggest); null else.

  const picked = { keep: null, lose: null }; // the die ticked in each list
  let choiceOf = ""; // the rolled dice the picks were made for

  function sayChoice(text) {
    const said = byId("all-ones-said");
    said.textContent = text || "";
    show(said, Boolean(text));
  }

  function renderChoiceList(which, choice) {
    const box = byId("all-ones-" + which);
    Array.from(box.querySelectorAll("label")).forEach(function (label) {
      box.removeChild(label);
    });
    choice.dice.forEach(function (die) {
      const suggested = die.id === choice[which];
      const label = element("label", "trait" + (suggested ? " suggested" : ""));
      const tick = element("input");
      tick.type = "radio";
      tick.name = "all-ones-" + which;
      tick.value = String(die.id);
      tick.dataset.die = String(die.id);
      tick.checked = picked[which] === die.id;
      tick.addEventListener("change", function () {
        picked[which] = die.id;
      });
      label.appendChild(tick);
      const words = " " + die.label + ", showed " + die.face + (suggested ? " (suggested)" : "");
      label.appendChild(document.createTextNode(words));
      box.appendChild(label);
    });
  }

  function renderAllOnes(view) {
    const choice = view.all_ones;
    const section = byId("all-ones");
    show(section, Boolean(choice));
    if (!choice) {
      choiceOf = "";
      const left = byId("all-ones-said").textContent;
      if (left) {
        say(left); // a refusal ("already chosen") outlives the choice it was about
        sayChoice("");
      }
      return;
    }
    const key = choice.dice
      .map(function (die) {
        return die.id;
      })
      .join(",");
    if (key !== choiceOf) {
      choiceOf = key; // a new roll waits: the rules' suggestions ticked first
      picked.keep = choice.keep;
      picked.lose = choice.lose;
      sayChoice("");
    }
    renderChoiceList("keep", choice);
    renderChoiceList("lose", choice);
    const choosing = pending !== null && pending.type === "choose";
    byId("all-ones-keep-button").disabled = choosing;
    byId("all-ones-lose-button").disabled = choosing;
  }

  function choose(which) {
    if (!shownView || !shownView.all_ones || pending !== null || picked[which] === null) {
      return;
    }
    pending = { type: "choose", id: requestId() };
    pending[which] = picked[which];
    sayChoice("");
    send(pending);
    renderAllOnes(shownView);
  }

  byId("all-ones-keep-button").addEventListener("click", function () {
    choose("keep");
  });
  byId("all-ones-lose-button").addEventListener("click", function () {
    choose("lose");
  });

  function answered(message) {
    if (pending === null || message.id !== pending.id) {
      return; // an answer to a request this page no longer waits for
    }
    const asked = pending;
    pending = null;
    const refusal = String(message.message || "GM Desk refused that.");
    if (message.type === "done" && asked.type === "roll") {
      tray.clear();
      ticked.clear();
      say("");
    } else if (message.type !== "done" && asked.type === "choose") {
      // Said where the choice is; when it went (chosen already), above the roller.
      if (shownView && shownView.all_ones) {
        sayChoice(refusal);
      } else {
        say(refusal);
      }
    } else if (message.type !== "done") {
      say(refusal);
    }
    if (shownView) {
      renderAllOnes(shownView);
      renderRoller(shownView);
    }
  }

  function resendPending() {
    if (pending !== null) {
      send(pending);
    }
  }

  byId("roller-roll").addEventListener("click", rollTray);

  // -- the connection ---------------------------------------------------------------

  function send(message) {
    if (socket && socket.readyState === WebSocket.OPEN) {
      socket.send(JSON.stringify(message));
    }
  }

  function resync() {
    resyncing = true;
    send({ type: "resync" });
  }

  function received(event) {
    let message;
    try {
      message = JSON.parse(event.data);
    } catch (error) {
      return; // not ours: nothing to show
    }
    if (!message || typeof message !== "object") {
      return;
    }
    if (message.type === "view" && typeof message.version === "number" && message.view) {
      const first = version === null || anyVersion;
      const older = resyncing ? message.version < version : message.version <= version;
      if (!first && older) {
        return; // older than what is on screen
      }
      const gap = !first && !resyncing && message.version > version + 1;
      anyVersion = false;
      resyncing = false;
      version = message.version;
      setNotice("");
      try {
        render(message.view);
      } catch (error) {
        setNotice("This page could not show the latest change; it will ask again.");
        resync();
        return;
      }
      if (gap) {
        resync(); // a change went missing: ask for the whole view again
      }
    } else if (message.type === "done" || message.type === "refused") {
      answered(message);
    } else if (message.type === "error") {
      setNotice(String(message.message || "GM Desk refused a message."));
    } else if (message.type === "bye") {
      finished = true;
      setBanner("");
      if (version === null) {
        byId("name").textContent = "Not connected"; // cut off before any view came
      }
      setNotice(String(message.message || "This link no longer works."));
      byId("page").classList.add("ended");
      if (socket) {
        socket.close();
      }
    }
  }

  function scheduleReconnect() {
    if (finished || retry !== null) {
      return;
    }
    setBanner(RECONNECTING);
    const wait = pause + Math.floor(Math.random() * pause * 0.3);
    pause = Math.min(pause * 2, LONGEST_PAUSE_MS);
    retry = window.setTimeout(function () {
      retry = null;
      connect();
    }, wait);
  }

  function connect() {
    if (finished) {
      return;
    }
    const key = token();
    if (!key) {
      setNotice("This address has no player's link in it. Open the link your GM gave you.");
      return;
    }
    const scheme = window.location.protocol === "https:" ? "wss://" : "ws://";
    let opened;
    try {
      opened = new WebSocket(scheme + window.location.host + "/ws/" + encodeURIComponent(key));
    } catch (error) {
      scheduleReconnect();
      return;
    }
    socket = opened;
    anyVersion = true;
    resyncing = false;
    opened.onopen = function () {
      pause = FIRST_PAUSE_MS;
      setBanner("");
      opened.send(JSON.stringify({ type: "hello", version: version }));
      resendPending();
    };
    opened.onmessage = function (event) {
      if (opened === socket) {
        received(event);
      }
    };
    opened.onclose = function () {
      if (opened === socket) {
        socket = null;
        scheduleReconnect();
      }
    };
  }

  // A phone waking up or back on the network: try at once rather than after the pause.
  function retryNow() {
    if (finished || socket !== null) {
      return;
    }
    if (retry !== null) {
      window.clearTimeout(retry);
      retry = null;
    }
    pause = FIRST_PAUSE_MS;
    connect();
  }

  window.addEventListener("online", retryNow);
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") {
      retryNow();
    }
  });
  connect();
})();
