//! The book's pages as one PDF (feature `book`): each page's SVG becomes a
//! vector form by svg2pdf, drawn full size on a page of the paper; text
//! stays text, in DejaVu Sans (from the `dejavu` crate), subset and
//! embedded. No date and no random identifier are written, so the same
//! book gives the same bytes. One face only, bold asked or not: svg2pdf
//! writes a page's fonts in the order of a `HashMap`, so two faces on a
//! page would come out in either order from one run to the next.

use super::{Book, BookError};
use pdf_writer::{Content, Finish, Name, Pdf, Rect, Ref, TextStr};
use std::collections::HashMap;
use svg2pdf::usvg;

/// The font every page uses, loaded once.
fn options() -> usvg::Options<'static> {
    let mut options = usvg::Options {
        font_family: "DejaVu Sans".to_string(),
        ..usvg::Options::default()
    };
    let fonts = options.fontdb_mut();
    fonts.load_font_data(dejavu::sans::regular().to_vec());
    fonts.set_sans_serif_family("DejaVu Sans");
    options
}

impl Book {
    /// The book as a PDF document.
    pub fn pdf(&self) -> Result<Vec<u8>, BookError> {
        let options = options();
        let (w, h) = self.paper.size();
        let mut alloc = Ref::new(1);
        let catalog = alloc.bump();
        let tree_ref = alloc.bump();
        let info = alloc.bump();
        let mut pdf = Pdf::new();
        let mut page_refs = Vec::new();
        for (k, svg) in self.pages.iter().enumerate() {
            let failed = |reason: String| BookError::Pdf {
                page: k + 1,
                reason,
            };
            let tree = usvg::Tree::from_str(svg, &options).map_err(|e| failed(e.to_string()))?;
            let (chunk, form) = svg2pdf::to_chunk(&tree, svg2pdf::ConversionOptions::default())
                .map_err(|e| failed(e.to_string()))?;
            let mut map = HashMap::new();
            let chunk = chunk.renumber(|old| *map.entry(old).or_insert_with(|| alloc.bump()));
            let form = map
                .get(&form)
                .copied()
                .ok_or_else(|| failed("no form".into()))?;
            let page_ref = alloc.bump();
            let content_ref = alloc.bump();
            let name = Name(b"P");
            let mut page = pdf.page(page_ref);
            page.media_box(Rect::new(0.0, 0.0, w as f32, h as f32));
            page.parent(tree_ref);
            page.contents(content_ref);
            page.resources().x_objects().pair(name, form);
            page.finish();
            let mut content = Content::new();
            // The form is one point square: stretch it over the page.
            content.transform([w as f32, 0.0, 0.0, h as f32, 0.0, 0.0]);
            content.x_object(name);
            pdf.stream(content_ref, &content.finish());
            pdf.extend(&chunk);
            page_refs.push(page_ref);
        }
        pdf.catalog(catalog).pages(tree_ref);
        pdf.pages(tree_ref)
            .kids(page_refs.iter().copied())
            .count(page_refs.len() as i32);
        pdf.document_info(info)
            .title(TextStr(&self.title))
            .creator(TextStr("domino book"))
            .producer(TextStr("domino (svg2pdf)"));
        Ok(pdf.finish())
    }
}
