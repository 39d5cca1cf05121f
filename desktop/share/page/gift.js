// Giving one of your depleted dice to another player (the storytelling award): the view
// carries "gift_to" (the other players' characters, while a game runs, for a page that
// may act); the page sends {"type":"give","die":id,"to":character id}. The die lands on
// the receiver's table, and both pages change with their views.

import { byId, clear, dieImage, element, show, t } from "./dom.js";
import { refusalOf } from "./requests.js";

export class Gift {
  constructor(requests) {
    this.requests = requests;
    this.die = null; // the depleted die picked
    this.view = null;
    byId("gift-button").addEventListener("click", () => this.give());
  }

  say(text, done) {
    const said = byId("gift-said");
    said.textContent = text || "";
    said.className = done ? "muted" : "notice";
    show(said, Boolean(text));
  }

  render(view) {
    this.view = view;
    const receivers = view.gift_to || [];
    const depleted = (view.dice || []).filter(
      (die) => die.kind === "ordinary" && die.place === "table" && !die.item
    );
    // Kept while a gift is on its way or its answer is said, even once no die is left.
    const told = Boolean(byId("gift-said").textContent) || this.requests.waiting("give");
    show(byId("gift"), receivers.length > 0 && (depleted.length > 0 || told));
    if (!depleted.some((die) => die.id === this.die)) {
      this.die = depleted.length ? depleted[0].id : null;
    }
    const box = byId("gift-dice");
    clear(box);
    depleted.forEach((die) => {
      const picked = die.id === this.die;
      const words = picked
        ? t("Depleted d{size}, picked to give", { size: die.size })
        : t("Depleted d{size}: tap to pick it", { size: die.size });
      const button = element("button", "pick" + (picked ? " picked" : ""));
      button.type = "button";
      button.dataset.die = String(die.id);
      button.setAttribute("aria-pressed", picked ? "true" : "false");
      button.setAttribute("aria-label", words);
      button.appendChild(dieImage(die.art, words));
      button.addEventListener("click", () => {
        this.die = die.id;
        this.say("");
        this.render(this.view);
      });
      box.appendChild(button);
    });
    const select = byId("gift-to");
    const chosen = select.value;
    clear(select);
    receivers.forEach((receiver) => {
      const option = element("option", "", receiver.name);
      option.value = String(receiver.id);
      select.appendChild(option);
    });
    if (receivers.some((receiver) => String(receiver.id) === chosen)) {
      select.value = chosen;
    }
    const button = byId("gift-button");
    button.disabled = this.die === null || !receivers.length || this.requests.busy();
    button.textContent = this.requests.waiting("give") ? t("Giving…") : t("Give this die");
  }

  give() {
    const to = Number(byId("gift-to").value);
    if (!this.view || this.die === null || !to || this.requests.busy()) {
      return;
    }
    this.say("");
    this.requests.ask({ type: "give", die: this.die, to: to });
    this.render(this.view);
  }

  // GM Desk's answer to this page's give request.
  answered(asked, message) {
    if (message.type === "done") {
      const receiver = (this.view ? this.view.gift_to : []).find((r) => r.id === asked.to);
      this.say(receiver ? t("Given to {name}.", { name: receiver.name }) : t("Given."), true);
    } else {
      this.say(refusalOf(message), false);
    }
  }
}
