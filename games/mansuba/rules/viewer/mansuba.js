// Mansuba's drawing in the referee's HTML viewer (games/mansuba/rules/src/scene.rs
// writes the scenes; the kit's helpers are referee/src/replay/kit.js).
// drawScene(scene, element, view) draws the world as the relation in force
// lays it out: square tiles for square4, square8 and triangular, hexagons
// in offset rows (odd rows half a tile right) for hex, and the relation's
// links between neighbouring places:
// - each place a <g data-place data-row data-col>, with data-piece (seat
//   and sort letter, "1T", or "") and data-start (the seat whose start
//   place it is, or "");
// - each piece a <g data-at> (its place), a disc in its seat's colour
//   with its sort's letter;
// - each link a <line data-link="A B"> (A < B);
// - each prisoner a <circle data-prisoner> with data-seat, data-place (of
//   its capture, where it would escape to) and data-sort;
// - the <svg> carries data-relation;
// then, per player in its colour, its pieces and prisoners (<li data-seat
// data-pieces data-prisoners>), the relation, the last turn (its capture
// or its escape) and the end.
const MANSUBA_TILE = 44;
const MANSUBA_MARGIN = 22;
const MANSUBA_HEX_ROW = Math.sqrt(3) / 2;
// Each relation's links, as the directions from a place to the places after
// it (the other half are the same links seen from the other end), [rows,
// columns]; hex's diagonals depend on the row's parity.
const MANSUBA_LINKS = {
  square4: [[0, 1], [1, 0]],
  square8: [[0, 1], [1, 0], [1, 1], [1, -1]],
  triangular: [[0, 1], [1, 0], [1, -1]],
};
const MANSUBA_RELATIONS = {
  square4: "the square grid, 4 neighbours (E, N, W, S)",
  square8: "the square grid with its diagonals, 8 neighbours",
  triangular: "the triangular lattice: the square grid and its NE-SW diagonal, 6 neighbours",
  hex: "hexagons in offset rows, odd rows half a cell right: E, W and the 4 diagonals",
};
const MANSUBA_SORTS = { P: "pawn", T: "tower", E: "elephant", B: "bishop", Q: "queen", K: "king" };

function mansubaLinks(relation, row) {
  if (relation !== "hex") return MANSUBA_LINKS[relation];
  const odd = row % 2 === 1;
  return [[0, 1], [1, odd ? 1 : 0], [1, odd ? 0 : -1]];
}

function mansubaCentre(relation, row, col) {
  if (relation === "hex") {
    const x = MANSUBA_MARGIN + MANSUBA_TILE * (col + 0.5 + (row % 2) * 0.5);
    return [x, MANSUBA_MARGIN + MANSUBA_TILE * (1 / Math.sqrt(3) + row * MANSUBA_HEX_ROW)];
  }
  return [MANSUBA_MARGIN + MANSUBA_TILE * (col + 0.5), MANSUBA_MARGIN + MANSUBA_TILE * (row + 0.5)];
}

function mansubaTile(parent, relation, c) {
  if (relation === "hex") {
    const r = MANSUBA_TILE / Math.sqrt(3) - 1;
    const points = [];
    for (let i = 0; i < 6; i++) {
      const a = Math.PI / 3 * i + Math.PI / 6;
      points.push((c[0] + r * Math.cos(a)).toFixed(2) + "," + (c[1] + r * Math.sin(a)).toFixed(2));
    }
    return kitSvg("polygon", { points: points.join(" "), class: "mansuba-tile" }, parent);
  }
  const h = MANSUBA_TILE / 2 - 1;
  return kitSvg("rect", { x: c[0] - h, y: c[1] - h, width: 2 * h, height: 2 * h, class: "mansuba-tile" }, parent);
}

function mansubaSeatName(seat) {
  return "player " + seat;
}

function drawScene(scene, element, view) {
  const s = JSON.parse(scene);
  const hex = s.relation === "hex";
  const width = 2 * MANSUBA_MARGIN + MANSUBA_TILE * (s.width + (hex ? 0.5 : 0));
  const height = 2 * MANSUBA_MARGIN + MANSUBA_TILE *
    (hex ? 2 / Math.sqrt(3) + (s.height - 1) * MANSUBA_HEX_ROW : s.height);
  const svg = kitDrawing(width, height, 1, 760, "mansuba-board");
  kitSet(svg, {}, { relation: s.relation });
  const place = function (row, col) { return row * s.width + col; };
  const centre = [];
  for (let r = 0; r < s.height; r++) {
    for (let c = 0; c < s.width; c++) centre.push(mansubaCentre(s.relation, r, c));
  }
  const pieces = new Map(s.pieces.map(function (p) { return [p[0], p]; }));
  const last = s.last;
  const numbered = s.width * s.height <= 400;

  const tiles = kitSvg("g", { class: "mansuba-tiles" }, svg);
  const links = kitSvg("g", { class: "mansuba-links" }, svg);
  const marks = kitSvg("g", { class: "mansuba-marks" }, svg);
  const drawn = kitSvg("g", { class: "mansuba-pieces" }, svg);
  for (let r = 0; r < s.height; r++) {
    for (let c = 0; c < s.width; c++) {
      const p = place(r, c);
      const owner = s.starts[p] === "." ? "" : s.starts[p];
      const piece = pieces.get(p);
      const g = kitSvg("g", { class: "mansuba-place" }, tiles);
      kitSet(g, {}, { place: p, row: r, col: c, start: owner,
        piece: piece ? piece[1] + piece[2] : "" });
      const tile = mansubaTile(g, s.relation, centre[p]);
      let words = "place " + p;
      if (owner !== "") {
        // A style, not an attribute: the tiles' class sets their fill.
        tile.style.fill = kitSeatColour(Number(owner));
        tile.style.stroke = kitSeatColour(Number(owner));
        tile.setAttribute("class", "mansuba-tile start");
        words += ", a start place of " + mansubaSeatName(owner);
      }
      if (numbered) {
        kitLabel(g, centre[p][0] - MANSUBA_TILE * 0.44, centre[p][1] - MANSUBA_TILE * 0.37, String(p),
          { class: "mansuba-number", "text-anchor": "start" });
      }
      if (piece) words += ": " + mansubaSeatName(piece[1]) + "'s " + MANSUBA_SORTS[piece[2]];
      kitTitle(g, words);
      mansubaLinks(s.relation, r).forEach(function (d) {
        const rr = r + d[0];
        const cc = c + d[1];
        if (rr < 0 || rr >= s.height || cc < 0 || cc >= s.width) return;
        const q = place(rr, cc);
        const line = kitSvg("line", { x1: centre[p][0], y1: centre[p][1], x2: centre[q][0], y2: centre[q][1] }, links);
        kitSet(line, {}, { link: Math.min(p, q) + " " + Math.max(p, q) });
      });
      if (piece) {
        const [x, y] = centre[p];
        const disc = kitSvg("g", { class: "mansuba-piece" }, drawn);
        kitSet(disc, {}, { at: p });
        kitSvg("circle", { cx: x, cy: y, r: MANSUBA_TILE * 0.3, fill: kitSeatColour(piece[1]) }, disc);
        kitLabel(disc, x, y + 1, piece[2], { class: "mansuba-letter" });
      }
    }
  }
  // Prisoners wait on their place of capture: small dashed discs in a
  // corner of the tile, one under the other.
  const waiting = new Map();
  s.prisoners.forEach(function (list, seat) {
    list.forEach(function (pr) {
      const n = waiting.get(pr[0]) || 0;
      waiting.set(pr[0], n + 1);
      const [x, y] = centre[pr[0]];
      const disc = kitSvg("circle", { cx: x + MANSUBA_TILE * 0.33, cy: y - MANSUBA_TILE * 0.31 + n * MANSUBA_TILE * 0.22,
        r: MANSUBA_TILE * 0.12, fill: kitSeatColour(seat), class: "mansuba-prisoner" }, marks);
      kitSet(disc, {}, { prisoner: "1", seat: seat, place: pr[0], sort: pr[1] });
      kitTitle(disc, mansubaSeatName(seat) + "'s " + MANSUBA_SORTS[pr[1]] + ", captured on " + pr[0]);
    });
  });
  if (last && last.action === "move") {
    const to = centre[last.to];
    kitArrow(marks, centre[last.from], to, 9, "mansuba-last-move");
    kitSvg("circle", { cx: to[0], cy: to[1], r: MANSUBA_TILE * 0.42,
      class: last.captured ? "mansuba-capture" : "mansuba-arrival" }, marks);
  } else if (last && last.action === "escape") {
    const at = centre[last.place];
    kitSvg("circle", { cx: at[0], cy: at[1], r: MANSUBA_TILE * 0.42,
      class: last.escaped ? "mansuba-escaped" : "mansuba-held" }, marks);
  }

  const { side } = kitLayout(element, "mansuba", svg);
  const rel = kitElement("p", "mansuba-relation", null, side);
  kitSet(rel, {}, { relation: s.relation });
  kitElement("strong", null, "Relation: " + s.relation, rel);
  rel.appendChild(document.createTextNode(
    (s.relation_changed ? " (drawn after the last turn)" : "") + ": " + MANSUBA_RELATIONS[s.relation] +
    (s.change_every ? "; it changes every " + s.change_every + " turns." : ".")));
  kitElement("p", null, s.width + " × " + s.height + " places, " + s.players + " players, " +
    s.victory + " victory, " + (s.captures ? "captures and escapes" : "no captures") + ".", side);
  kitLegend(side, s.prisoners.map(function (list, seat) {
    const count = s.pieces.filter(function (p) { return p[1] === seat; }).length;
    const held = list.map(function (pr) { return pr[1] + " on " + pr[0]; });
    return {
      swatch: kitSwatch(kitSeatColour(seat), seat === s.to_move && !s.end ? "#000" : null),
      text: mansubaSeatName(seat) + (seat === s.to_move && !s.end ? " (to move)" : "") + ": " + count +
        " piece" + (count === 1 ? "" : "s") + (held.length ? ", prisoners " + held.join(", ") : ""),
      data: { seat: seat, pieces: count, prisoners: list.length },
    };
  }));
  if (last) {
    let words = mansubaSeatName(last.seat) + " ";
    if (last.action === "move") {
      words += "moved " + last.from + " to " + last.to;
      if (last.captured) {
        words += ", capturing " + mansubaSeatName(last.captured[0]) + "'s " + MANSUBA_SORTS[last.captured[1]] +
          " (ringed red; it waits there as a prisoner)";
      }
    } else if (last.action === "escape") {
      words += "tried to free its " + MANSUBA_SORTS[last.sort] + " on " + last.place + ": " +
        (last.escaped ? "it escaped (ringed green)" : "held (ringed grey)");
    } else {
      words += "passed";
    }
    kitElement("p", null, "Last turn: " + words + ".", side);
  }
  if (s.end) {
    kitElement("p", "kit-end", kitEndWords(s.end, s.end.winner === null ? null : mansubaSeatName(s.end.winner)), side);
  } else {
    kitElement("p", "kit-to-move", mansubaSeatName(s.to_move) + " to move, turn " + (s.turn + 1) +
      (s.max_turns ? " of " + s.max_turns : "") + ".", side);
  }
}
