//! The groups of a position: every stone's group, each group's size, and
//! the largest enemy group it touches — all a placement's legality needs.

use crate::board::{MAX_POINTS, Options, Point};

/// No group (an empty point).
const NONE: u16 = u16::MAX;

/// The groups of a position, computed in one pass over the board.
#[derive(Clone)]
pub struct Groups {
    label: [u16; MAX_POINTS],
    size: [u16; MAX_POINTS],
    /// Size of the largest group of the other colour touching the group; 0
    /// if it touches none.
    enemy_max: [u16; MAX_POINTS],
    count: usize,
}

impl Groups {
    /// The groups of `cells` (0 empty, 1 black, 2 white) on a board of
    /// size `o`.
    pub fn new(o: Options, cells: &[u8]) -> Groups {
        let n = o.points();
        let mut g = Groups {
            label: [NONE; MAX_POINTS],
            size: [0; MAX_POINTS],
            enemy_max: [0; MAX_POINTS],
            count: 0,
        };
        let mut stack = [0u16; MAX_POINTS];
        for start in 0..n {
            if cells[start] == 0 || g.label[start] != NONE {
                continue;
            }
            let id = g.count as u16;
            g.count += 1;
            let colour = cells[start];
            g.label[start] = id;
            let (mut top, mut size) = (1, 0u16);
            stack[0] = start as u16;
            while top > 0 {
                top -= 1;
                let p = Point(stack[top]);
                size += 1;
                for q in o.neighbours(p) {
                    let qi = q.index();
                    if cells[qi] == colour && g.label[qi] == NONE {
                        g.label[qi] = id;
                        stack[top] = q.0;
                        top += 1;
                    }
                }
            }
            g.size[usize::from(id)] = size;
        }
        for p in 0..n {
            if cells[p] == 0 {
                continue;
            }
            let mine = usize::from(g.label[p]);
            for q in o.neighbours(Point(p as u16)) {
                let qi = q.index();
                if cells[qi] != 0 && cells[qi] != cells[p] {
                    let theirs = g.size[usize::from(g.label[qi])];
                    g.enemy_max[mine] = g.enemy_max[mine].max(theirs);
                }
            }
        }
        g
    }

    /// The group of the stone on `p`, or `None` for an empty point.
    pub fn group(&self, p: Point) -> Option<usize> {
        let l = self.label[p.index()];
        (l != NONE).then_some(usize::from(l))
    }

    /// The size of group `g`.
    pub fn size(&self, g: usize) -> u16 {
        self.size[g]
    }

    /// The size of the largest enemy group touching group `g` (0: none).
    pub fn enemy_max(&self, g: usize) -> u16 {
        self.enemy_max[g]
    }

    /// The number of groups, both colours.
    pub fn count(&self) -> usize {
        self.count
    }
}
