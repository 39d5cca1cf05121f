// Dragging a die between the pool and the tray with a finger (or a mouse), beside
// tapping it. Pointer Events: a press on a die that then moves past SLOP_PX becomes a
// drag, with a copy of the die's picture under the finger and the box it may go to
// outlined (and marked when the finger is over it); letting go over that box moves the
// die there. A press that does not move stays a tap (the button's click). The dice set
// `touch-action: none` (player.css) so the browser does not scroll the page instead.
// The roller redraws its boxes at every change, even mid-drag when a new view comes, so
// the drag keeps only the die's id and follows the pointer on the window, not on the
// button it started from.

import { byId } from "./dom.js";

const SLOP_PX = 8; // movement that still counts as a tap

export class DieDrag {
  // `boxes`: the ids of the two boxes, {pool, tray}; `moved(dieId, to)` puts the die in
  // the box named `to` ("pool" or "tray").
  constructor(boxes, moved) {
    this.boxes = boxes;
    this.moved = moved;
    this.press = null; // {dieId, from, x, y, pointerId, image}
    this.justDropped = false;
    this.onMove = (event) => this.move(event);
    this.onUp = (event) => this.up(event);
    this.onCancel = (event) => this.cancel(event);
    Object.keys(boxes).forEach((from) => {
      const box = byId(boxes[from]);
      box.addEventListener("pointerdown", (event) => this.down(event, from));
      // A finger held on a die before it moves is the start of a drag, not a request
      // for the picture's menu (save image...), which would cancel the drag.
      box.addEventListener("contextmenu", (event) => {
        if (event.target.closest && event.target.closest("button.pick[data-die]")) {
          event.preventDefault();
        }
      });
    });
    // The click a finished drag may still fire on a die is not a tap.
    document.addEventListener(
      "click",
      (event) => {
        if (this.justDropped) {
          this.justDropped = false;
          event.preventDefault();
          event.stopPropagation();
        }
      },
      true
    );
  }

  dragging() {
    return this.press !== null && this.press.image !== null;
  }

  down(event, from) {
    const button = event.target.closest ? event.target.closest("button.pick[data-die]") : null;
    if (!button || this.press !== null || (event.pointerType === "mouse" && event.button !== 0)) {
      return;
    }
    this.press = {
      dieId: Number(button.dataset.die),
      from: from,
      x: event.clientX,
      y: event.clientY,
      pointerId: event.pointerId,
      image: null,
      picture: button.querySelector("img"),
    };
    this.justDropped = false;
    window.addEventListener("pointermove", this.onMove);
    window.addEventListener("pointerup", this.onUp);
    window.addEventListener("pointercancel", this.onCancel);
  }

  target() {
    return byId(this.boxes[this.press.from === "pool" ? "tray" : "pool"]);
  }

  move(event) {
    const press = this.press;
    if (press === null || event.pointerId !== press.pointerId) {
      return;
    }
    if (press.image === null) {
      if (Math.hypot(event.clientX - press.x, event.clientY - press.y) < SLOP_PX) {
        return;
      }
      this.start();
    }
    event.preventDefault();
    this.place(event.clientX, event.clientY);
    this.target().classList.toggle("drop-over", this.over(event.clientX, event.clientY));
  }

  start() {
    const press = this.press;
    const image = press.picture ? press.picture.cloneNode(false) : document.createElement("div");
    image.classList.add("drag-image");
    image.removeAttribute("title");
    image.alt = "";
    image.setAttribute("aria-hidden", "true");
    document.body.appendChild(image);
    press.image = image;
    this.target().classList.add("drop-target");
    const from = byId(this.boxes[press.from]);
    from.classList.add("drag-from");
    const button = from.querySelector("button.pick[data-die='" + press.dieId + "']");
    if (button) {
      button.classList.add("dragged"); // redrawn plain when the roller draws next
    }
  }

  // The picture follows the finger, centred a little above it so the finger hides less.
  place(x, y) {
    this.press.image.style.transform =
      "translate(" + Math.round(x) + "px, " + Math.round(y) + "px) translate(-50%, -70%)";
  }

  over(x, y) {
    const rect = this.target().getBoundingClientRect();
    return x >= rect.left && x <= rect.right && y >= rect.top && y <= rect.bottom;
  }

  up(event) {
    const press = this.press;
    if (press === null || event.pointerId !== press.pointerId) {
      return;
    }
    const dropped = press.image !== null && this.over(event.clientX, event.clientY);
    const wasDrag = press.image !== null;
    this.finish();
    if (wasDrag) {
      this.justDropped = true; // a click after this is the drag's end, not a tap
      window.setTimeout(() => {
        this.justDropped = false;
      }, 0);
    }
    if (dropped) {
      this.moved(press.dieId, press.from === "pool" ? "tray" : "pool");
    }
  }

  cancel(event) {
    if (this.press !== null && event.pointerId === this.press.pointerId) {
      this.finish();
    }
  }

  finish() {
    const press = this.press;
    window.removeEventListener("pointermove", this.onMove);
    window.removeEventListener("pointerup", this.onUp);
    window.removeEventListener("pointercancel", this.onCancel);
    if (press.image !== null && press.image.parentNode) {
      press.image.parentNode.removeChild(press.image);
    }
    Object.keys(this.boxes).forEach((name) => {
      const box = byId(this.boxes[name]);
      box.classList.remove("drop-target", "drop-over", "drag-from");
      Array.from(box.querySelectorAll(".dragged")).forEach((button) => {
        button.classList.remove("dragged");
      });
    });
    this.press = null;
  }
}
