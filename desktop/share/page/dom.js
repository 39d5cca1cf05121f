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

// The page's words in the phone's language: the server writes them into the page as
// data (desktop/share/page_words.py). What is not there shows as written, in English.
let pageWords = null;

function catalogue() {
  if (pageWords === null) {
    pageWords = { lang: "en", words: {}, plurals: {} };
    const block = document.getElementById("page-words");
    try {
      const read = block ? JSON.parse(block.textContent) : null;
      if (read && typeof read === "object") {
        pageWords = read;
      }
    } catch (error) {
      // a page without its words is an English page
    }
  }
  return pageWords;
}

function filled(text, values) {
  if (!values) {
    return text;
  }
  return text.replace(/\{([a-z_]+)\}/g, function (whole, name) {
    return Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : whole;
  });
}

// A message marked for the catalogue (`make catalogues`), translated, and its {names}
// filled in from `values`.
export function t(message, values) {
  const words = catalogue().words || {};
  const found = Object.prototype.hasOwnProperty.call(words, message) ? words[message] : message;
  return filled(found, values);
}

// A plural message: the form the language's plural rules give `count` ({count} filled).
export function nt(singular, plural, count, values) {
  const known = catalogue();
  const forms = (known.plurals || {})[singular];
  let text = count === 1 ? singular : plural;
  if (forms) {
    let category = "other";
    try {
      category = new Intl.PluralRules(known.lang).select(count);
    } catch (error) {
      category = count === 1 ? "one" : "other";
    }
    text = forms[category] || forms.other || text;
  }
  return filled(text, Object.assign({ count: count }, values || {}));
}

// The page's language, for numbers a script formats itself.
export function pageLanguage() {
  return catalogue().lang || "en";
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
  const values = { size: die.size, kind: t(die.kind_words), place: t(die.place_words) };
  let words = die.kind !== "ordinary"
    ? t("d{size} {kind} die, {place}", values)
    : t("d{size} die, {place}", values);
  if (die.rolls_as) {
    words = t("{die}, rolls as d{size}", { die: words, size: die.rolls_as });
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
