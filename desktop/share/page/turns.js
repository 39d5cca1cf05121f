// The player's turn (issue 30): on their character's turn in the running scene the page
// offers a line to declare their action for the round ({"type":"declare","text":s}, the
// Play dock's declared action); it shows the action they declared (their own only), the
// GM's ask to roll above the roller, and, when the GM has rolls wait for turns, that the
// roll waits. The view carries {"turn":{"yours","declared","rolls_in_turn_order"},
// "asked_to_roll"}.

import { byId, show, t } from "./dom.js";
import { refusalOf } from "./requests.js";

const DECLARED_MAX = 500; // as the Play dock's field and GM Desk take
const NO_TURN = { yours: false, declared: "", rolls_in_turn_order: false };

export class Turn {
  constructor(requests, roller) {
    this.requests = requests;
    this.roller = roller; // a refusal ("not your turn") goes once the GM asks
    this.view = null;
    this.asked = false;
    this.text = byId("declare-text");
    this.text.maxLength = DECLARED_MAX;
    byId("declare-button").addEventListener("click", () => this.declare());
    this.text.addEventListener("keydown", (event) => {
      if (event.key === "Enter") {
        event.preventDefault();
        this.declare();
      }
    });
  }

  say(text) {
    const said = byId("declare-said");
    said.textContent = text || "";
    show(said, Boolean(text));
  }

  render(view) {
    this.view = view;
    const turn = view.turn || NO_TURN;
    const mayAct = Boolean(view.character.may_roll);
    const offered = Boolean(turn.yours) && mayAct;
    show(byId("declare"), offered || Boolean(turn.declared));
    byId("declare-turn").textContent = turn.yours ? t("It is your turn.") : "";
    show(byId("declare-turn"), Boolean(turn.yours));
    byId("declared").textContent = turn.declared
      ? t("You declared: {action}", { action: turn.declared })
      : t("Nothing declared yet this round.");
    show(byId("declare-form"), offered);
    if (!offered) {
      this.say("");
    }
    const button = byId("declare-button");
    button.disabled = this.requests.busy();
    button.textContent = this.requests.waiting("declare") ? t("Declaring…") : t("Declare");
    const asked = mayAct && Boolean(view.asked_to_roll);
    if (asked && !this.asked) {
      this.roller.say("");
    }
    this.asked = asked;
    show(byId("asked-to-roll"), asked);
    // A side of the GM's conflict rolls whoever's turn it is: the conflict asks it to.
    const inConflict = Boolean(view.conflict);
    const waits =
      mayAct && Boolean(turn.rolls_in_turn_order) && !turn.yours && !asked && !inConflict;
    show(byId("roll-waits"), waits);
  }

  declare() {
    if (!this.view || this.requests.busy()) {
      return;
    }
    const text = this.text.value.trim();
    if (!text) {
      this.say(t("Say what your character does this round."));
      return;
    }
    this.say("");
    this.requests.ask({ type: "declare", text: text.slice(0, DECLARED_MAX) });
    this.render(this.view);
  }

  // GM Desk's answer to this page's declare request: done, the action comes back in the
  // next view; refused, the words are said under the box and the text kept.
  answered(asked, message) {
    if (message.type === "done") {
      this.text.value = "";
      this.say("");
    } else {
      this.say(refusalOf(message));
    }
  }
}
