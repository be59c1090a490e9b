//! Turns the decider's charges (which value each play attaches by) into a
//! layout: for each play, the earlier play whose open end it takes. The
//! charges respect every running limit, so an open end of the charged
//! value always exists when a play needs it.

use super::model::Play;
use crate::tile::Domino;

const NONE: u32 = u32::MAX;

/// The layout of `plays` when play k attaches by half `charged[k]`
/// (0 = `a`, 1 = `b`) of dense value ids `ids[k]` (`values` ids in all).
pub fn build_layout(
    plays: &[Domino],
    ids: &[[u32; 2]],
    charged: &[u32],
    values: usize,
) -> Vec<Play> {
    let mut ends = OpenEnds::new(values, plays.len());
    let mut layout = Vec::with_capacity(plays.len());
    for (k, (&domino, &[a, b])) in plays.iter().zip(ids).enumerate() {
        if k == 0 {
            if a == b {
                (0..4).for_each(|_| ends.push(a, 0));
            } else {
                ends.push(a, 0);
                ends.push(b, 0);
            }
            layout.push(Play {
                domino,
                attached_to: None,
                via: None,
            });
            continue;
        }
        let side = charged[k] as usize;
        let (used, offered) = if side == 0 { (a, b) } else { (b, a) };
        let partner = ends.pop(used);
        if a == b {
            (0..3).for_each(|_| ends.push(a, k as u32));
        } else {
            ends.push(offered, k as u32);
        }
        layout.push(Play {
            domino,
            attached_to: Some(partner as usize),
            via: Some(if side == 0 { domino.a } else { domino.b }),
        });
    }
    layout
}

/// Open ends by value: one linked stack per value in shared arrays, each
/// entry the play that offers the end.
struct OpenEnds {
    head: Vec<u32>,
    play: Vec<u32>,
    next: Vec<u32>,
}

impl OpenEnds {
    fn new(values: usize, plays: usize) -> Self {
        OpenEnds {
            head: vec![NONE; values],
            play: Vec::with_capacity(plays + 4),
            next: Vec::with_capacity(plays + 4),
        }
    }

    fn push(&mut self, value: u32, play: u32) {
        self.play.push(play);
        self.next.push(self.head[value as usize]);
        self.head[value as usize] = (self.play.len() - 1) as u32;
    }

    /// The play offering the most recent open end of `value`; the charges
    /// guarantee one exists.
    fn pop(&mut self, value: u32) -> u32 {
        let entry = self.head[value as usize] as usize;
        self.head[value as usize] = self.next[entry];
        self.play[entry]
    }
}
