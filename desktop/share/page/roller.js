// The player's own roll: pool dice tapped (or dragged, drag.js) into a tray, own traits
// ticked and spent as steps, the tray's exact odds shown as it changes (odds.js), Roll
// sends {"type":"roll","dice":[ids],"traits":[ids],"steps":{id:n}}. The tray is the
// page's own until Roll; the roll itself comes back as a new view.

import { byId, clear, dieImage, element, nt, show, t } from "./dom.js";
import { DieDrag } from "./drag.js";
import { refusalOf } from "./requests.js";

const SIZES = [4, 6, 8, 10, 12, 20];

export function steppedSize(size, steps) {
  const index = SIZES.indexOf(size) + steps;
  return SIZES[Math.min(index, SIZES.length - 1)] || size;
}

function pickButton(die, words, onTap) {
  const button = element("button", "pick");
  button.type = "button";
  button.dataset.die = String(die.id);
  button.setAttribute("aria-label", words);
  const image = dieImage(die.art, words);
  image.draggable = false; // a mouse moves the die (drag.js), not a copy of its picture
  button.appendChild(image);
  button.addEventListener("click", onTap);
  return button;
}

export class Roller {
  constructor(requests, odds) {
    this.requests = requests;
    this.odds = odds; // the tray's odds, asked of GM Desk as the tray changes
    this.tray = new Map(); // die id -> trait steps spent on it
    this.ticked = new Set(); // trait ids
    this.view = null;
    byId("roller-roll").addEventListener("click", () => this.roll());
    this.drag = new DieDrag({ pool: "roller-pool", tray: "roller-tray" }, (id, to) =>
      this.moveDie(id, to)
    );
  }

  // A die dragged into the tray or back out to the pool: as a tap on it would.
  moveDie(id, to) {
    if (!this.view) {
      return;
    }
    const inPool = this.view.dice.some(
      (die) => die.id === id && die.kind === "ordinary" && die.place === "pool" && !die.item
    );
    if (to === "tray" && inPool && !this.tray.has(id)) {
      this.tray.set(id, 0);
    } else if (to === "pool" && this.tray.has(id)) {
      this.tray.delete(id);
    } else {
      return;
    }
    this.say("");
    this.render(this.view);
  }

  say(text) {
    const said = byId("roller-said");
    said.textContent = text || "";
    show(said, Boolean(text));
  }

  stepsAllowed(view) {
    return view.traits
      .filter((trait) => this.ticked.has(trait.id))
      .reduce((sum, trait) => sum + trait.value, 0);
  }

  stepsUsed() {
    let used = 0;
    this.tray.forEach((steps) => {
      used += steps;
    });
    return used;
  }

  // Picks that no longer hold: a die rolled, depleted or removed since it was picked, a
  // trait gone, steps over what the ticked traits give.
  forgetStale(view, inPool) {
    const ids = new Set(inPool.map((die) => die.id));
    Array.from(this.tray.keys()).forEach((id) => {
      if (!ids.has(id)) {
        this.tray.delete(id);
      }
    });
    const traitIds = new Set(view.traits.map((trait) => trait.id));
    Array.from(this.ticked).forEach((id) => {
      if (!traitIds.has(id)) {
        this.ticked.delete(id);
      }
    });
    if (this.stepsUsed() > this.stepsAllowed(view)) {
      this.tray.forEach((_steps, id) => {
        this.tray.set(id, 0); // a trait unticked: its steps are taken back
      });
    }
  }

  render(view) {
    this.view = view;
    const allowed = Boolean(view.character.may_roll);
    show(byId("roller"), allowed);
    if (!allowed) {
      this.tray.clear();
      this.ticked.clear();
      this.odds.update([], 0);
      return;
    }
    const inPool = view.dice.filter(
      (die) => die.kind === "ordinary" && die.place === "pool" && !die.item
    );
    this.forgetStale(view, inPool);
    const allowedSteps = this.stepsAllowed(view);
    const pool = byId("roller-pool");
    const trayBox = byId("roller-tray");
    clear(pool);
    clear(trayBox);
    inPool.forEach((die) => {
      if (this.tray.has(die.id)) {
        trayBox.appendChild(this.trayDie(die, allowedSteps));
      } else {
        const words = t("d{size} in your pool: tap or drag it to put it in the tray", {
          size: die.size,
        });
        pool.appendChild(pickButton(die, words, () => {
          this.tray.set(die.id, 0);
          this.say("");
          this.render(this.view);
        }));
      }
    });
    if (!inPool.length) {
      pool.appendChild(element("p", "empty", t("No dice in your pool.")));
    }
    if (!this.tray.size) {
      trayBox.appendChild(element("p", "empty", t("The tray is empty.")));
    }
    this.renderTraits(view);
    this.odds.update(this.rolledSizes(inPool), this.onTable(view));
    byId("roller-steps").textContent = allowedSteps
      ? t("Trait steps: {used} of {allowed} used", {
        used: this.stepsUsed(),
        allowed: allowedSteps,
      })
      : "";
    const button = byId("roller-roll");
    const busy = this.requests.busy();
    // An all-ones roll waiting for its choice: no other roll until it is made.
    button.disabled = !this.tray.size || busy || Boolean(view.all_ones);
    // In a conflict the tray goes to the GM's Dice Table, which rolls both sides.
    const conflict = view.conflict || null;
    const prompt = byId("conflict-prompt");
    let said = "";
    if (conflict && conflict.ready) {
      // This side's dice are in its tray on the GM's table: picking again replaces them.
      said = t(
        "In a conflict against {against}: your dice are in your tray on the GM's table; both sides roll there once the other side's are too.",
        { against: conflict.against }
      );
    } else if (conflict) {
      said = t("In a conflict against {against}: pick your dice; both sides roll on the GM's table.", {
        against: conflict.against,
      });
    }
    prompt.textContent = said;
    show(prompt, Boolean(conflict));
    if (busy && this.requests.waiting("roll")) {
      button.textContent = t("Rolling…");
    } else if (conflict) {
      button.textContent = this.tray.size
        ? nt("Roll {count} die for the conflict", "Roll {count} dice for the conflict", this.tray.size)
        : t("Roll for the conflict");
    } else {
      button.textContent = this.tray.size
        ? nt("Roll {count} die", "Roll {count} dice", this.tray.size)
        : t("Roll");
    }
  }

  // The sizes the tray's dice roll as, after their trait steps.
  rolledSizes(inPool) {
    return inPool
      .filter((die) => this.tray.has(die.id))
      .map((die) => steppedSize(die.size, this.tray.get(die.id)));
  }

  // The character's depleted dice on the table: each adds 1 to the roll, as on the desktop.
  onTable(view) {
    return view.dice.filter((die) => die.kind === "ordinary" && die.place === "table").length;
  }

  trayDie(die, allowedSteps) {
    const steps = this.tray.get(die.id);
    const rolls = steppedSize(die.size, steps);
    const words = steps
      ? t("d{size} stepped to d{rolls} in the tray: tap to take it out", {
        size: die.size,
        rolls: rolls,
      })
      : t("d{size} in the tray: tap to take it out", { size: die.size });
    const figure = element("figure", "tray-die");
    figure.appendChild(pickButton(die, words, () => {
      this.tray.delete(die.id);
      this.say("");
      this.render(this.view);
    }));
    figure.appendChild(element("figcaption", "", steps ? t("rolls as d{size}", { size: rolls }) : "d" + die.size));
    if (allowedSteps > 0) {
      const room = this.stepsUsed() < allowedSteps;
      const step = element("button", "pick step", room ? t("+ step") : t("no step left"));
      step.type = "button";
      step.setAttribute("aria-label", t("Step this d{size} up with a trait", { size: die.size }));
      step.addEventListener("click", () => {
        const left = allowedSteps - this.stepsUsed();
        const top = SIZES.indexOf(die.size) + this.tray.get(die.id) >= SIZES.length - 1;
        this.tray.set(die.id, left > 0 && !top ? this.tray.get(die.id) + 1 : 0);
        this.render(this.view);
      });
      figure.appendChild(step);
    }
    return figure;
  }

  renderTraits(view) {
    const box = byId("roller-traits");
    Array.from(box.querySelectorAll("label")).forEach((label) => {
      box.removeChild(label);
    });
    show(box, view.traits.length > 0);
    view.traits.forEach((trait) => {
      const label = element("label", "trait");
      const tick = element("input");
      tick.type = "checkbox";
      tick.checked = this.ticked.has(trait.id);
      tick.dataset.trait = String(trait.id);
      tick.addEventListener("change", () => {
        if (tick.checked) {
          this.ticked.add(trait.id);
        } else {
          this.ticked.delete(trait.id);
        }
        this.render(this.view);
      });
      label.appendChild(tick);
      label.appendChild(document.createTextNode(" " + trait.name + " (" + trait.value + ")"));
      box.appendChild(label);
    });
  }

  roll() {
    if (!this.view || !this.tray.size || this.requests.busy()) {
      return;
    }
    const steps = {};
    this.tray.forEach((count, id) => {
      if (count) {
        steps[String(id)] = count;
      }
    });
    this.say("");
    this.requests.ask({
      type: "roll",
      dice: Array.from(this.tray.keys()),
      traits: Array.from(this.ticked),
      steps: steps,
      // The rolls the character had in the view this tray was picked on: a roll made
      // since (another device, the GM) refuses this one as already rolled.
      seen: this.view.character.rolls,
    });
    this.render(this.view);
  }

  // GM Desk's answer to this page's roll request.
  answered(asked, message) {
    if (message.type === "done") {
      this.tray.clear();
      this.ticked.clear();
      this.say("");
    } else {
      this.say(refusalOf(message));
    }
  }
}
