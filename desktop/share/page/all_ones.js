// The all-ones choice: keep one die or lose one, and which. The view carries
// {"dice":[{"id","size","face","label"}],"keep":id,"lose":id} while the player's all-ones
// roll waits (the ids: the dice the rules suggest), null else; the page sends
// {"type":"choose","keep"|"lose":die id}.

import { byId, element, show, t } from "./dom.js";
import { refusalOf } from "./requests.js";

export class AllOnesChoice {
  constructor(requests, roller) {
    this.requests = requests;
    this.roller = roller; // a refusal that outlives the choice is said above the roller
    this.picked = { keep: null, lose: null }; // the die ticked in each list
    this.choiceOf = ""; // the rolled dice the picks were made for
    this.view = null;
    byId("all-ones-keep-button").addEventListener("click", () => this.choose("keep"));
    byId("all-ones-lose-button").addEventListener("click", () => this.choose("lose"));
  }

  say(text) {
    const said = byId("all-ones-said");
    said.textContent = text || "";
    show(said, Boolean(text));
  }

  renderList(which, choice) {
    const box = byId("all-ones-" + which);
    Array.from(box.querySelectorAll("label")).forEach((label) => {
      box.removeChild(label);
    });
    choice.dice.forEach((die) => {
      const suggested = die.id === choice[which];
      const label = element("label", "trait" + (suggested ? " suggested" : ""));
      const tick = element("input");
      tick.type = "radio";
      tick.name = "all-ones-" + which;
      tick.value = String(die.id);
      tick.dataset.die = String(die.id);
      tick.checked = this.picked[which] === die.id;
      tick.addEventListener("change", () => {
        this.picked[which] = die.id;
      });
      label.appendChild(tick);
      const name = t("Die {number}: d{size}", { number: die.number, size: die.size });
      const values = { die: name, face: die.face };
      const words = " " + (suggested
        ? t("{die}, showed {face} (suggested)", values)
        : t("{die}, showed {face}", values));
      label.appendChild(document.createTextNode(words));
      box.appendChild(label);
    });
  }

  render(view) {
    this.view = view;
    const choice = view.all_ones;
    show(byId("all-ones"), Boolean(choice));
    if (!choice) {
      this.choiceOf = "";
      const left = byId("all-ones-said").textContent;
      if (left) {
        this.roller.say(left); // a refusal ("already chosen") outlives its choice
        this.say("");
      }
      return;
    }
    const key = choice.dice.map((die) => die.id).join(",");
    if (key !== this.choiceOf) {
      this.choiceOf = key; // a new roll waits: the rules' suggestions ticked first
      this.picked.keep = choice.keep;
      this.picked.lose = choice.lose;
      this.say("");
    }
    this.renderList("keep", choice);
    this.renderList("lose", choice);
    const choosing = this.requests.waiting("choose");
    byId("all-ones-keep-button").disabled = choosing;
    byId("all-ones-lose-button").disabled = choosing;
  }

  choose(which) {
    const view = this.view;
    if (!view || !view.all_ones || this.requests.busy() || this.picked[which] === null) {
      return;
    }
    const message = { type: "choose" };
    message[which] = this.picked[which];
    this.say("");
    this.requests.ask(message);
    this.render(view);
  }

  // GM Desk's answer to this page's choose request: a refusal is said where the choice
  // is, or above the roller when the choice went (chosen already).
  answered(asked, message) {
    if (message.type === "done") {
      return;
    }
    if (this.view && this.view.all_ones) {
      this.say(refusalOf(message));
    } else {
      this.roller.say(refusalOf(message));
    }
  }
}
