// Quarto's drawing in the referee's HTML viewer (games/quarto/rules/src/show.rs
// writes the scenes). drawScene(scene, element, view) fills `element` with the
// board, the piece to place and the sixteen pieces:
// - the board: one <td> per square with data-square ("B3"), data-piece (0..15,
//   "" when empty) and data-won ("1" on the squares of the winning pattern at
//   the end, else "");
// - the piece to place: the element with data-hand (its number, "" when
//   nobody holds one);
// - the pieces: one <td> per piece with data-slot, data-piece and data-state
//   ("left": can still be given, "hand": given, to be placed, "played").
// Each piece is an SVG drawn so that its four attributes show: brown or light
// (its colour), tall or short (its size), hollow or solid (a hole on top), a
// cube or round (a square or a circle); its data-brown, data-tall,
// data-hollow and data-cube say the same ("1" or "0").
// By bit, 3 (brown) down to 0 (cube): the letter and the word, clear then set.
const QUARTO_ATTRIBUTES = [
  { bit: 3, name: "brown", letters: "LB", words: ["light", "brown"] },
  { bit: 2, name: "tall", letters: "ST", words: ["short", "tall"] },
  { bit: 1, name: "hollow", letters: "FH", words: ["solid", "hollow"] },
  { bit: 0, name: "cube", letters: "RC", words: ["round", "cube"] },
];

function quartoHas(n, bit) {
  return (n >> bit) & 1;
}

function quartoLetters(n) {
  return QUARTO_ATTRIBUTES.map(function (a) { return a.letters[quartoHas(n, a.bit)]; }).join("");
}

// `10 (BSHR): brown, short, hollow, round`.
function quartoName(n) {
  const words = QUARTO_ATTRIBUTES.map(function (a) { return a.words[quartoHas(n, a.bit)]; });
  return n + " (" + quartoLetters(n) + "): " + words.join(", ");
}

// Piece `n` seen from above, `size` pixels wide: a tall piece fills its box,
// a short one two thirds of it.
function quartoPiece(n, size) {
  const svg = kitSvg("svg", { viewBox: "0 0 100 100", width: size, height: size });
  svg.classList.add("quarto-piece");
  QUARTO_ATTRIBUTES.forEach(function (a) { svg.dataset[a.name] = String(quartoHas(n, a.bit)); });
  const half = quartoHas(n, 2) ? 46 : 30;
  const body = quartoHas(n, 0)
    ? kitSvg("rect", { x: 50 - half, y: 50 - half, width: 2 * half, height: 2 * half, rx: 5 })
    : kitSvg("circle", { cx: 50, cy: 50, r: half });
  body.setAttribute("class", "body " + (quartoHas(n, 3) ? "brown" : "light"));
  svg.appendChild(body);
  if (quartoHas(n, 1)) {
    const hole = kitSvg("circle", { cx: 50, cy: 50, r: Math.round(half * 0.5) });
    hole.setAttribute("class", "hole");
    svg.appendChild(hole);
  }
  const title = kitSvg("title");
  title.textContent = quartoName(n);
  svg.appendChild(title);
  return svg;
}

// A piece and its number and letters under it.
function quartoFigure(n, size) {
  const figure = document.createElement("div");
  figure.className = "quarto-figure";
  figure.appendChild(quartoPiece(n, size));
  const label = document.createElement("div");
  label.className = "quarto-label";
  label.textContent = n + " " + quartoLetters(n);
  figure.appendChild(label);
  return figure;
}

function drawScene(scene, element, view) {
  const s = JSON.parse(scene);
  const won = s.end ? s.end.won : [];
  const root = document.createElement("div");
  root.className = "quarto";

  const board = document.createElement("table");
  board.className = "quarto-board";
  const head = board.insertRow();
  head.insertCell().className = "label";
  for (let c = 1; c <= 4; c++) {
    const th = head.insertCell();
    th.className = "label";
    th.textContent = String(c);
  }
  for (let r = 0; r < 4; r++) {
    const row = board.insertRow();
    const label = row.insertCell();
    label.className = "label";
    label.textContent = "ABCD"[r];
    for (let c = 0; c < 4; c++) {
      const square = "ABCD"[r] + (c + 1);
      const piece = s.board[r * 4 + c];
      const td = row.insertCell();
      td.className = "square";
      td.dataset.square = square;
      td.dataset.piece = piece === null ? "" : String(piece);
      td.dataset.won = won.indexOf(square) >= 0 ? "1" : "";
      if (piece !== null) {
        td.appendChild(quartoFigure(piece, 56));
        td.title = square + ": " + quartoName(piece);
      } else {
        td.title = square;
      }
      if (td.dataset.won) td.classList.add("won");
      if (square === s.last) td.classList.add("last");
    }
  }
  root.appendChild(board);

  const side = document.createElement("div");
  side.className = "quarto-side";
  const hand = document.createElement("div");
  hand.className = "quarto-hand";
  hand.dataset.hand = s.hand === null ? "" : String(s.hand);
  const say = document.createElement("div");
  if (s.end) {
    say.textContent = s.end.winner === null
      ? "Drawn: " + s.end.words + "."
      : "Player " + s.end.winner + " wins: " + s.end.words + ".";
    hand.classList.add("over");
  } else if (s.hand === null) {
    say.textContent = "Player " + s.to_move + " gives the first piece.";
  } else {
    say.textContent = "Player " + s.to_move + " places the piece given:";
  }
  hand.appendChild(say);
  if (s.hand !== null && !s.end) hand.appendChild(quartoFigure(s.hand, 56));
  side.appendChild(hand);

  const h = document.createElement("div");
  h.className = "quarto-caption";
  h.textContent = "Pieces not yet played (level " + s.level + ")";
  side.appendChild(h);
  const pieces = document.createElement("table");
  pieces.className = "quarto-pieces";
  [0, 8].forEach(function (first) {
    const row = pieces.insertRow();
    for (let n = first; n < first + 8; n++) {
      const td = row.insertCell();
      td.dataset.slot = String(n);
      td.dataset.piece = String(n);
      const state = s.left.indexOf(n) >= 0 ? "left" : (n === s.hand && !s.end ? "hand" : "played");
      td.dataset.state = state;
      td.className = state;
      if (state !== "played") td.appendChild(quartoFigure(n, 36));
      td.title = quartoName(n) + (state === "hand" ? ": to be placed" : state === "played" ? ": on the board" : "");
    }
  });
  side.appendChild(pieces);
  root.appendChild(side);
  element.replaceChildren(root);
}
