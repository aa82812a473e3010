// The viewer's drawing kit (referee/src/replay/html.rs writes it into the
// page before the game's script): SVG and DOM helpers, the seats' colours,
// legends and the words of an end, shared by the games' drawScene so that
// none of them carries its own copy. Every name starts with "kit"; the
// style of what they make is the shell's (viewer.css, the .kit- classes).
const KIT_SVG = "http://www.w3.org/2000/svg";

// A colour per seat, distinct for up to five players and far enough from
// each other on a pale board (the text boards' ANSI colours, in order: red,
// blue, green, magenta, yellow).
const KIT_SEAT_COLOURS = ["#d62728", "#1f63b4", "#2a9d2a", "#9c3fb8", "#d69a00"];

// The colour of seat `seat`.
function kitSeatColour(seat) {
  return KIT_SEAT_COLOURS[seat % KIT_SEAT_COLOURS.length];
}

// Sets the attributes of `element` (values made strings), then its data-
// attributes from `data`, if given.
function kitSet(element, attributes, data) {
  Object.keys(attributes || {}).forEach(function (k) {
    element.setAttribute(k, String(attributes[k]));
  });
  Object.keys(data || {}).forEach(function (k) {
    element.dataset[k] = String(data[k]);
  });
  return element;
}

// An SVG element `tag` with `attributes`, appended to `parent` if given.
function kitSvg(tag, attributes, parent) {
  const e = kitSet(document.createElementNS(KIT_SVG, tag), attributes);
  if (parent) parent.appendChild(e);
  return e;
}

// An <svg> drawing of `width` by `height` units, shown at `scale` pixels a
// unit (at most `maxWidth` pixels wide, if given: a large board shrinks to
// fit the page rather than overflow it).
function kitDrawing(width, height, scale, maxWidth, className) {
  let s = scale;
  if (maxWidth && width * s > maxWidth) s = maxWidth / width;
  const svg = kitSvg("svg", {
    viewBox: "0 0 " + width + " " + height,
    width: Math.round(width * s),
    height: Math.round(height * s),
  });
  svg.setAttribute("class", "kit-drawing " + (className || ""));
  return svg;
}

// Adds the tooltip `text` to the SVG element `element`.
function kitTitle(element, text) {
  const t = document.createElementNS(KIT_SVG, "title");
  t.textContent = text;
  element.appendChild(t);
  return element;
}

// SVG text `text` centred on (x, y).
function kitLabel(parent, x, y, text, attributes) {
  const t = kitSvg("text", Object.assign({ x: x, y: y, "text-anchor": "middle",
    "dominant-baseline": "central" }, attributes || {}), parent);
  t.textContent = text;
  return t;
}

// An HTML element `tag` of class `className` holding `text`, appended to
// `parent` if given.
function kitElement(tag, className, text, parent) {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text !== undefined && text !== null) e.textContent = text;
  if (parent) parent.appendChild(e);
  return e;
}

// The frame every drawn game shares: the board on the left, a column of
// facts (`div.kit-side`) on the right. Returns both.
function kitLayout(element, gameClass, svg) {
  const root = kitElement("div", "kit-view " + gameClass);
  root.appendChild(svg);
  const side = kitElement("div", "kit-side", null, root);
  element.replaceChildren(root);
  return { root: root, side: side };
}

// A small swatch for legends: a disc of `fill` (a ring of `stroke`), or a
// square when `square`.
function kitSwatch(fill, stroke, square) {
  const svg = kitSvg("svg", { viewBox: "0 0 20 20", width: 16, height: 16 });
  svg.setAttribute("class", "kit-swatch");
  if (square) {
    kitSvg("rect", { x: 2, y: 2, width: 16, height: 16, rx: 2, fill: fill,
      stroke: stroke || "none", "stroke-width": 2 }, svg);
  } else {
    kitSvg("circle", { cx: 10, cy: 10, r: 8, fill: fill, stroke: stroke || "none",
      "stroke-width": 2 }, svg);
  }
  return svg;
}

// A legend: one line per item, `{ swatch, text, data }` (swatch from
// kitSwatch, or none), in a <ul class="kit-legend">; each line gets the
// data- attributes of `data`.
function kitLegend(parent, items) {
  const ul = kitElement("ul", "kit-legend", null, parent);
  items.forEach(function (item) {
    const li = kitElement("li", null, null, ul);
    if (item.swatch) li.appendChild(item.swatch);
    kitElement("span", null, item.text, li);
    kitSet(li, {}, item.data);
  });
  return ul;
}

// The words of a scene's end, `{ winner, words }` (winner a name or null):
// "black wins: ...", "Drawn: ...".
function kitEndWords(end, winnerName) {
  return end.winner === null || end.winner === undefined
    ? "Drawn: " + end.words + "."
    : winnerName + " wins: " + end.words + ".";
}

// The centre of the segment a-b, and the segment's ends pushed `by` of its
// length beyond them: the geometry of a mark across or along an edge.
function kitMid(a, b) {
  return [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
}

function kitStretch(a, b, by) {
  const dx = (b[0] - a[0]) * by;
  const dy = (b[1] - a[1]) * by;
  return [[a[0] - dx, a[1] - dy], [b[0] + dx, b[1] + dy]];
}

// An arrow from `a` to `b` (points [x, y]) of class `className`: a line and
// a head `head` units long.
function kitArrow(parent, a, b, head, className) {
  const g = kitSvg("g", { class: className }, parent);
  const len = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
  const ux = (b[0] - a[0]) / len;
  const uy = (b[1] - a[1]) / len;
  const back = [b[0] - ux * head, b[1] - uy * head];
  kitSvg("line", { x1: a[0], y1: a[1], x2: back[0], y2: back[1] }, g);
  kitSvg("polygon", {
    points: [b, [back[0] - uy * head * 0.5, back[1] + ux * head * 0.5],
      [back[0] + uy * head * 0.5, back[1] - ux * head * 0.5]]
      .map(function (p) { return p[0].toFixed(2) + "," + p[1].toFixed(2); }).join(" "),
  }, g);
  return g;
}
