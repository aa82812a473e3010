// Coursidor's drawing in the referee's HTML viewer (games/coursidor/rules/src/show.rs
// writes the scenes; the kit's helpers are referee/src/replay/kit.js).
// drawScene(scene, element, view) draws the lattice of the board, numbered
// in reading order from the scene's runs of cells:
// - each vertex a <g data-vertex data-r data-q>, with data-objective ("1"
//   on an objective), data-visited (the colours that visited it, "black
//   white", or "") and data-start (whose start it is, or "");
// - each edge a <line data-edge="V W"> (V < W) with data-walled ("1" when a
//   wall covers it);
// - each wall a <line data-wall="AT END END">, across its two edges;
// - each pawn a <g data-pawn="black"> with data-on (its vertex) and data-momentum
//   (the direction of its last step, "" before its first), an arrow;
// then, per player, its seat, vertex, momentum, walls left and objectives
// visited (<li data-colour data-walls-left data-visited>), who is to move
// and the end.
const COURSIDOR_STEP = 40;
const COURSIDOR_DIRS = { NW: [-1, 0], NE: [-1, 1], E: [0, 1], SE: [1, 0], SW: [1, -1], W: [0, -1] };
const COURSIDOR_FILL = { black: "#161616", white: "#fdfdfd" };

function coursidorXY(r, q, m) {
  // Axial coordinates: q to the east, r down and half a step left.
  // A step of margin around the hexagon of side m.
  return [COURSIDOR_STEP * (q + r / 2 + m), COURSIDOR_STEP * ((r + m - 1) * Math.sqrt(3) / 2 + 1)];
}

function drawScene(scene, element, view) {
  const s = JSON.parse(scene);
  const m = s.size;
  const cells = [];
  const at = new Map();
  s.runs.forEach(function (run) {
    for (let q = run[1]; q <= run[2]; q++) {
      at.set(run[0] + " " + q, cells.length);
      cells.push([run[0], q]);
    }
  });
  if (cells.length !== s.vertices) {
    throw new Error("coursidor: the runs make " + cells.length + " vertices, not " + s.vertices);
  }
  const xy = cells.map(function (c) { return coursidorXY(c[0], c[1], m); });
  const width = COURSIDOR_STEP * 2 * m;
  const height = COURSIDOR_STEP * ((m - 1) * Math.sqrt(3) + 2);
  const svg = kitDrawing(width, height, 1, 760, "coursidor-board");
  const numbered = cells.length <= 400;

  const walled = new Set();
  s.walls.forEach(function (w) {
    [w[1], w[2]].forEach(function (e) { walled.add(Math.min(w[0], e) + " " + Math.max(w[0], e)); });
  });
  const edges = kitSvg("g", { class: "coursidor-edges" }, svg);
  cells.forEach(function (c, v) {
    ["E", "SE", "SW"].forEach(function (d) {
      const w = at.get((c[0] + COURSIDOR_DIRS[d][0]) + " " + (c[1] + COURSIDOR_DIRS[d][1]));
      if (w === undefined) return;
      const key = v + " " + w;
      const line = kitSvg("line", { x1: xy[v][0], y1: xy[v][1], x2: xy[w][0], y2: xy[w][1] }, edges);
      kitSet(line, { class: walled.has(key) ? "walled" : "" }, { edge: key, walled: walled.has(key) ? "1" : "" });
    });
  });

  const lastWall = s.last && s.last.wall ? s.last.wall.join(" ") : null;
  s.walls.forEach(function (w) {
    const a = kitMid(xy[w[0]], xy[w[1]]);
    const b = kitMid(xy[w[0]], xy[w[2]]);
    const [p, q] = kitStretch(a, b, 0.45);
    const line = kitSvg("line", { x1: p[0], y1: p[1], x2: q[0], y2: q[1] }, svg);
    const key = w.join(" ");
    kitSet(line, { class: "coursidor-wall" + (key === lastWall ? " last" : "") }, { wall: key });
    kitTitle(line, "wall on " + w[0] + "-" + w[1] + " and " + w[0] + "-" + w[2]);
  });

  const visitors = function (v) {
    return ["black", "white"].filter(function (c, i) { return s.visited[i].indexOf(v) >= 0; });
  };
  cells.forEach(function (c, v) {
    const [x, y] = xy[v];
    const g = kitSvg("g", { class: "coursidor-vertex" }, svg);
    const objective = s.objectives.indexOf(v) >= 0;
    const start = s.starts[0] === v ? "black" : s.starts[1] === v ? "white" : "";
    const by = objective ? visitors(v) : [];
    kitSet(g, {}, { vertex: v, r: c[0], q: c[1], objective: objective ? "1" : "",
      visited: by.join(" "), start: start });
    let words = "vertex " + v;
    if (start) {
      kitSvg("circle", { cx: x, cy: y, r: COURSIDOR_STEP * 0.36, class: "coursidor-start " + start }, g);
      words += ", " + start + "'s start";
    }
    if (objective) {
      const d = COURSIDOR_STEP * 0.3;
      kitSvg("polygon", { points: [[x, y - d], [x + d, y], [x, y + d], [x - d, y]].join(" "),
        class: "coursidor-objective" + (by.length ? " visited" : "") }, g);
      // A dot per player that visited it: black's on the left, white's on the right.
      by.forEach(function (colour) {
        const dx = (colour === "black" ? -1 : 1) * COURSIDOR_STEP * 0.3;
        kitSvg("circle", { cx: x + dx, cy: y - COURSIDOR_STEP * 0.3, r: COURSIDOR_STEP * 0.11,
          class: "coursidor-visit " + colour }, g);
      });
      words += ", an objective" + (by.length ? " visited by " + by.join(" and ") : "");
    } else {
      kitSvg("circle", { cx: x, cy: y, r: 3, class: "coursidor-dot" }, g);
    }
    if (numbered) {
      kitLabel(g, x, y + COURSIDOR_STEP * 0.3, String(v), { class: "coursidor-number" });
    }
    kitTitle(g, words);
  });

  if (s.last && s.last.step) {
    // A jump goes by the opponent's vertex: its first half without a head.
    let from = s.last.step[0];
    if (s.last.over !== null) {
      const g = kitSvg("g", { class: "coursidor-last-step" }, svg);
      kitSvg("line", { x1: xy[from][0], y1: xy[from][1], x2: xy[s.last.over][0], y2: xy[s.last.over][1] }, g);
      from = s.last.over;
    }
    kitArrow(svg, xy[from], xy[s.last.step[1]], 9, "coursidor-last-step");
  }

  ["black", "white"].forEach(function (colour, i) {
    const v = s.pawns[i];
    const [x, y] = xy[v];
    const g = kitSvg("g", { class: "coursidor-pawn " + colour }, svg);
    kitSet(g, {}, { pawn: colour, on: v, momentum: s.momentum[i] || "" });
    if (s.momentum[i]) {
      const d = COURSIDOR_DIRS[s.momentum[i]];
      const to = coursidorXY(cells[v][0] + d[0] * 0.7, cells[v][1] + d[1] * 0.7, m);
      kitArrow(g, [x, y], to, 8, "coursidor-momentum");
    }
    kitSvg("circle", { cx: x, cy: y, r: COURSIDOR_STEP * 0.27, fill: COURSIDOR_FILL[colour] }, g);
    kitTitle(g, colour + " (player " + coursidorSeat(s, colour) + ") on " + v +
      (s.momentum[i] ? ", momentum " + s.momentum[i] : ", not moved yet"));
  });

  const { side } = kitLayout(element, "coursidor", svg);
  kitElement("p", null, s.board + " " + s.size + ": " + s.vertices + " vertices, " +
    s.objectives.length + " objectives (" + s.objectives.join(" ") + "), " +
    s.walls_per_player + " walls each", side);
  kitLegend(side, ["black", "white"].map(function (colour, i) {
    const n = s.visited[i].length;
    return {
      swatch: kitSwatch(COURSIDOR_FILL[colour], "#111"),
      text: colour + " (player " + coursidorSeat(s, colour) + "): on " + s.pawns[i] +
        ", momentum " + (s.momentum[i] || "none") + ", " + s.walls_left[i] + " of " +
        s.walls_per_player + " walls left" +
        // As bars too, while they fit on a line.
        (s.walls_per_player <= 30 ? " " + "▮".repeat(s.walls_left[i]) : "") +
        ", objectives " + n + "/" + s.objectives.length + (n ? " (" + s.visited[i].join(" ") + ")" : ""),
      data: { colour: colour, wallsLeft: s.walls_left[i], visited: s.visited[i].join(" ") },
    };
  }));
  kitLegend(side, [
    { swatch: coursidorObjectiveSwatch(), text: "an objective; a dot above it for each player that visited it (black's left, white's right)" },
    { swatch: kitSwatch("none", "#c0392b"), text: "a wall: a bar across the two edges it covers (dashed)" },
    { swatch: kitSwatch("none", "#e08a00"), text: "the arrow from a pawn: its momentum (3 steps straight on, 2 after a turn of 60°, 1 otherwise)" },
  ]);
  if (s.last) {
    const words = s.last.wall
      ? "a wall on " + s.last.wall[0] + "-" + s.last.wall[1] + " and " + s.last.wall[0] + "-" + s.last.wall[2]
      : s.last.step[0] + " to " + s.last.step[1] + (s.last.over === null ? "" : ", jumping over " + s.last.over);
    kitElement("p", null, "Last move: " + s.last.colour + ", " + words + ".", side);
  }
  if (s.end) {
    kitElement("p", "kit-end", kitEndWords(s.end, s.end.winner + " (player " + coursidorSeat(s, s.end.winner) + ")"), side);
  } else {
    kitElement("p", "kit-to-move", s.to_move + " (player " + coursidorSeat(s, s.to_move) + ") to move, move " +
      (s.plies + 1) + (s.max_plies ? " of " + s.max_plies : "") + ".", side);
  }
}

function coursidorSeat(s, colour) {
  return colour === "black" ? s.black : 1 - s.black;
}

function coursidorObjectiveSwatch() {
  const svg = kitSwatch("none", "none", true);
  kitSvg("polygon", { points: "10,2 18,10 10,18 2,10", class: "coursidor-objective" }, svg);
  return svg;
}
