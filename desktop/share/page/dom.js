// Small DOM helpers every part of the player's page uses. Text only: nothing the
// campaign holds is ever read as HTML.

const DICE_PATH = "/static/dice/";

export function byId(id) {
  return document.getElementById(id);
}

export function element(tag, className, text) {
  const made = document.createElement(tag);
  if (className) {
    made.className = className;
  }
  if (text !== undefined && text !== null) {
    made.textContent = String(text);
  }
  return made;
}

export function clear(node) {
  while (node.firstChild) {
    node.removeChild(node.firstChild);
  }
}

export function show(node, visible) {
  node.hidden = !visible;
}

export function plural(count, one, many) {
  return count + " " + (count === 1 ? one : many);
}


export function dieImage(art, words) {
  const image = element("img", "die");
  image.src = DICE_PATH + encodeURIComponent(art);
  image.alt = words;
  image.title = words;
  image.width = 96;
  image.height = 96;
  image.decoding = "async";
  return image;
}

export function dieWords(die) {
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

// A request's id: random, so a resent request (after a reconnect) is known as the same.
export function requestId() {
  const bytes = new Uint8Array(12);
  window.crypto.getRandomValues(bytes);
  return Array.from(bytes, function (byte) {
    return byte.toString(16).padStart(2, "0");
  }).join("");
}
