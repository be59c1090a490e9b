//! Self-contained HTML pages: inline SVG, inline CSS and a little inline
//! JavaScript, nothing fetched from the network, so a page can be mailed,
//! archived or opened from a file.
//!
//! A [`Figure`] is either a still picture or a player: one SVG whose
//! elements carry the steps at which they show (`data-from`, `data-until`,
//! see `svg::Mode`), with Previous / Play / Next buttons, a step
//! counter, and the arrow keys. The page opens at the step named in its
//! address (`page.html#step=3` presses Next three times; `#play` presses
//! Play), which is how a link points at a step and how the browser test
//! drives the buttons.

use super::svg::{escape, palette};
use std::fmt::Write;

/// One picture of a page, with its caption.
#[derive(Clone, Debug)]
pub struct Figure {
    /// Plain text shown under the picture (escaped when the page is written).
    pub caption: String,
    /// The picture itself.
    pub body: FigureBody,
}

/// A still SVG, or a player of `steps` steps (step 0 is the start).
#[derive(Clone, Debug)]
pub enum FigureBody {
    /// One complete SVG document, shown as it is.
    Still(String),
    /// One SVG whose elements carry `data-from` / `data-until` step
    /// numbers, with buttons to step through it.
    Player {
        /// The SVG, drawn in the player mode of the family's renderer.
        svg: String,
        /// The last step: the player shows steps `0..=steps` (a vanish
        /// player with 5 removals has `steps` 5).
        steps: usize,
    },
}

impl Figure {
    /// A figure that shows one SVG picture `svg` as it is, with `caption`
    /// (plain text) under it.
    pub fn still(caption: impl Into<String>, svg: String) -> Figure {
        Figure {
            caption: caption.into(),
            body: FigureBody::Still(svg),
        }
    }
}

/// A titled group of figures (one family on the demo page).
#[derive(Clone, Debug)]
pub struct Section {
    /// The section's title (plain text); empty for no heading, as on a
    /// one-figure page.
    pub heading: String,
    /// A paragraph under the heading (plain text).
    pub text: String,
    /// The pictures, in page order.
    pub figures: Vec<Figure>,
}

/// A whole page: a title, an introduction and the sections.
pub fn page(title: &str, intro: &str, sections: &[Section]) -> String {
    let mut out = String::with_capacity(
        sections
            .iter()
            .flat_map(|s| &s.figures)
            .map(|f| match &f.body {
                FigureBody::Still(svg) | FigureBody::Player { svg, .. } => svg.len() + 512,
            })
            .sum::<usize>()
            + 8192,
    );
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>{}</title><style>{}</style></head><body><main>\
         <h1>{}</h1><p class=\"intro\">{}</p>",
        escape(title),
        style(),
        escape(title),
        escape(intro)
    );
    let mut player = 0;
    for section in sections {
        let _ = write!(out, "<section><h2>{}</h2>", escape(&section.heading));
        if !section.text.is_empty() {
            let _ = write!(out, "<p>{}</p>", escape(&section.text));
        }
        for figure in &section.figures {
            out.push_str("<figure>");
            match &figure.body {
                FigureBody::Still(svg) => out.push_str(svg),
                FigureBody::Player { svg, steps } => {
                    player += 1;
                    push_player(&mut out, player, svg, *steps);
                }
            }
            let _ = write!(
                out,
                "<figcaption>{}</figcaption></figure>",
                escape(&figure.caption)
            );
        }
        out.push_str("</section>");
    }
    let _ = writeln!(
        out,
        "<footer>Drawn by domino. Arrow keys step the player you last used; \
         add <code>#step=N</code> to the address to open every player at step N.\
         </footer></main><script>{}</script></body></html>",
        SCRIPT
    );
    out
}

/// A page with one figure (what `--html` writes).
pub fn single(title: &str, figure: Figure) -> String {
    page(
        title,
        "",
        &[Section {
            heading: String::new(),
            text: String::new(),
            figures: vec![figure],
        }],
    )
}

fn push_player(out: &mut String, id: usize, svg: &str, steps: usize) {
    let _ = write!(
        out,
        "<div class=\"player\" id=\"player-{id}\" data-steps=\"{steps}\" data-step=\"0\" tabindex=\"0\">\
         <div class=\"stage\">{svg}</div><div class=\"controls\">\
         <button type=\"button\" class=\"prev\" disabled>&#9664; Previous</button>\
         <button type=\"button\" class=\"play\">&#9654; Play</button>\
         <button type=\"button\" class=\"next\"{}>Next &#9654;</button>\
         <span class=\"counter\" data-step=\"0\">Step 0 of {steps}</span></div></div>",
        if steps == 0 { " disabled" } else { "" }
    );
}

fn style() -> String {
    format!(
        "body{{margin:0;background:#faf8f3;color:{text};\
         font:16px/1.5 'DejaVu Sans',Verdana,system-ui,sans-serif}}\
         main{{max-width:1080px;margin:0 auto;padding:24px 20px 40px}}\
         h1{{font-size:28px;margin:8px 0 4px}}h2{{font-size:21px;margin:32px 0 6px;\
         border-bottom:2px solid {grid};padding-bottom:4px}}\
         h2:empty{{display:none}}p{{margin:6px 0 12px;max-width:780px}}\
         .intro{{color:{muted}}}\
         figure{{margin:14px 0 22px;display:inline-block;vertical-align:top;max-width:100%;\
         margin-right:18px}}\
         figure svg{{display:block;max-width:100%;height:auto;border-radius:10px;\
         box-shadow:0 1px 4px rgba(60,50,30,.18)}}\
         figcaption{{font-size:14px;color:{muted};margin-top:6px;max-width:640px}}\
         .controls{{display:flex;align-items:center;gap:8px;margin-top:8px;flex-wrap:wrap}}\
         button{{font:inherit;font-size:14px;padding:5px 12px;border-radius:6px;cursor:pointer;\
         border:1px solid {edge};background:#fffdf6;color:{text}}}\
         button:hover:not(:disabled){{background:{cell}}}button:disabled{{opacity:.4;cursor:default}}\
         .counter{{font-size:14px;color:{muted};margin-left:6px;font-variant-numeric:tabular-nums}}\
         .player:focus{{outline:2px solid {accent};outline-offset:4px;border-radius:10px}}\
         .step-hidden{{display:none}}\
         footer{{margin-top:36px;font-size:13px;color:{muted}}}",
        text = palette::TEXT,
        muted = palette::MUTED,
        grid = palette::GRID,
        edge = palette::EDGE,
        cell = palette::CELL,
        accent = palette::ACCENT,
    )
}

/// The player: shows step s by toggling `step-hidden` on every element
/// whose `data-from`/`data-until` range excludes s.
const SCRIPT: &str = r#"(function () {
  var players = Array.prototype.slice.call(document.querySelectorAll('.player'));
  var current = players[0] || null;
  function show(p, s) {
    var n = Number(p.getAttribute('data-steps'));
    s = Math.max(0, Math.min(n, s));
    p.setAttribute('data-step', String(s));
    p.querySelectorAll('[data-from],[data-until]').forEach(function (e) {
      var from = Number(e.getAttribute('data-from') || 0);
      var until = e.getAttribute('data-until');
      var visible = s >= from && (until === null || s < Number(until));
      e.classList.toggle('step-hidden', !visible);
    });
    var counter = p.querySelector('.counter');
    counter.textContent = 'Step ' + s + ' of ' + n;
    counter.setAttribute('data-step', String(s));
    p.querySelector('.prev').disabled = s === 0;
    p.querySelector('.next').disabled = s === n;
    if (s === n) { stop(p); }
  }
  function step(p) { return Number(p.getAttribute('data-step')); }
  function stop(p) {
    if (p.timer) { clearInterval(p.timer); p.timer = null; }
    p.querySelector('.play').innerHTML = '&#9654; Play';
  }
  function play(p) {
    if (p.timer) { stop(p); return; }
    if (step(p) === Number(p.getAttribute('data-steps'))) { show(p, 0); }
    p.querySelector('.play').innerHTML = '&#10074;&#10074; Pause';
    p.timer = setInterval(function () { show(p, step(p) + 1); }, 900);
  }
  players.forEach(function (p) {
    p.querySelector('.prev').addEventListener('click', function () { current = p; stop(p); show(p, step(p) - 1); });
    p.querySelector('.next').addEventListener('click', function () { current = p; stop(p); show(p, step(p) + 1); });
    p.querySelector('.play').addEventListener('click', function () { current = p; play(p); });
    p.addEventListener('focusin', function () { current = p; });
    p.addEventListener('pointerdown', function () { current = p; });
    show(p, 0);
  });
  document.addEventListener('keydown', function (e) {
    if (!current || e.altKey || e.ctrlKey || e.metaKey) { return; }
    if (e.key === 'ArrowRight') { current.querySelector('.next').click(); e.preventDefault(); }
    if (e.key === 'ArrowLeft') { current.querySelector('.prev').click(); e.preventDefault(); }
  });
  var wanted = /step=(\d+)/.exec(location.hash);
  players.forEach(function (p) {
    for (var k = 0; wanted && k < Number(wanted[1]); k++) { p.querySelector('.next').click(); }
    if (/play/.test(location.hash)) { p.querySelector('.play').click(); }
  });
  current = players[0] || null;
})();"#;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_are_self_contained() {
        let html = page(
            "t <1>",
            "intro",
            &[Section {
                heading: "chain".into(),
                text: "x & y".into(),
                figures: vec![
                    Figure::still("a", "<svg></svg>".into()),
                    Figure {
                        caption: "b".into(),
                        body: FigureBody::Player {
                            svg: "<svg></svg>".into(),
                            steps: 3,
                        },
                    },
                ],
            }],
        );
        assert!(html.contains("<title>t &lt;1&gt;</title>"));
        assert!(html.contains("x &amp; y"));
        assert!(html.contains(r#"data-steps="3""#));
        assert!(html.contains("Step 0 of 3"));
        for fetch in ["src=", "href=", "@import", "url("] {
            assert!(!html.contains(fetch), "{fetch}");
        }
    }
}
