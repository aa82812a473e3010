//! Tables: Markdown with padded columns (readable both rendered and as
//! plain text in a terminal), HTML, and CSV (RFC 4180, by the `csv`
//! crate).

use referee::replay::html::escape;

/// How a column's cells are aligned.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Align {
    /// Text.
    Left,
    /// Numbers.
    Right,
}

/// A table's cells as text, for Markdown and HTML alike: each figure is
/// written once.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table {
    /// The columns' titles.
    pub header: Vec<String>,
    /// The columns' alignments.
    pub align: Vec<Align>,
    /// The rows, one cell per column.
    pub rows: Vec<Vec<String>>,
}

impl Table {
    /// A table of these columns (title and alignment) and rows.
    pub fn new(columns: &[(&str, Align)], rows: Vec<Vec<String>>) -> Table {
        Table {
            header: columns.iter().map(|(h, _)| (*h).to_owned()).collect(),
            align: columns.iter().map(|&(_, a)| a).collect(),
            rows,
        }
    }

    /// The table in Markdown.
    pub fn markdown(&self) -> String {
        let header: Vec<&str> = self.header.iter().map(String::as_str).collect();
        markdown(&header, &self.align, &self.rows)
    }

    /// The table in HTML (with the id `id`), every cell escaped;
    /// `attributes` gives a cell's further attributes from its row and
    /// column (`""`: none), and `extra` each row's further cells, as HTML,
    /// after the others, under the titles `extra_header`.
    pub fn html(
        &self,
        id: &str,
        attributes: impl Fn(usize, usize) -> String,
        extra_header: &[&str],
        extra: &[Vec<String>],
    ) -> String {
        let align = |a: Align| match a {
            Align::Left => "",
            Align::Right => " class=\"num\"",
        };
        let mut out = format!("<table id=\"{}\">\n<thead><tr>", escape(id));
        for (h, &a) in self.header.iter().zip(&self.align) {
            out.push_str(&format!("<th{}>{}</th>", align(a), escape(h)));
        }
        for h in extra_header {
            out.push_str(&format!("<th>{}</th>", escape(h)));
        }
        out.push_str("</tr></thead>\n<tbody>\n");
        for (i, row) in self.rows.iter().enumerate() {
            out.push_str("<tr>");
            for (j, (cell, &a)) in row.iter().zip(&self.align).enumerate() {
                out.push_str(&format!(
                    "<td{}{}>{}</td>",
                    align(a),
                    attributes(i, j),
                    escape(cell)
                ));
            }
            for cell in extra.get(i).into_iter().flatten() {
                out.push_str(cell);
            }
            out.push_str("</tr>\n");
        }
        out.push_str("</tbody>\n</table>\n");
        out
    }
}

/// Renders a Markdown table; `header` and every row have one cell per
/// column of `align`.
pub fn markdown(header: &[&str], align: &[Align], rows: &[Vec<String>]) -> String {
    let escape = |s: &str| s.replace('|', "\\|");
    let header: Vec<String> = header.iter().map(|h| escape(h)).collect();
    let rows: Vec<Vec<String>> = rows
        .iter()
        .map(|r| r.iter().map(|c| escape(c)).collect())
        .collect();
    let widths: Vec<usize> = (0..header.len())
        .map(|c| {
            rows.iter()
                .map(|r| r[c].chars().count())
                .chain([header[c].chars().count(), 3])
                .max()
                .unwrap_or(3)
        })
        .collect();
    let line = |cells: &[String]| {
        let padded: Vec<String> = cells
            .iter()
            .zip(&widths)
            .zip(align)
            .map(|((cell, &w), a)| match a {
                Align::Left => format!("{cell:<w$}"),
                Align::Right => format!("{cell:>w$}"),
            })
            .collect();
        format!("| {} |\n", padded.join(" | "))
    };
    let mut out = line(&header);
    let rule: Vec<String> = widths
        .iter()
        .zip(align)
        .map(|(&w, a)| match a {
            Align::Left => format!(":{}", "-".repeat(w - 1)),
            Align::Right => format!("{}:", "-".repeat(w - 1)),
        })
        .collect();
    out.push_str(&format!("| {} |\n", rule.join(" | ")));
    for row in &rows {
        out.push_str(&line(row));
    }
    out
}

/// Renders CSV with a header line; fields holding a comma, quote or line
/// break are quoted.
pub fn csv(header: &[&str], rows: &[Vec<String>]) -> String {
    let mut writer = csv::WriterBuilder::new()
        .terminator(csv::Terminator::Any(b'\n'))
        .from_writer(Vec::new());
    // Writing to memory cannot fail, and every record is a list of
    // strings.
    let written = writer
        .write_record(header)
        .and_then(|()| rows.iter().try_for_each(|row| writer.write_record(row)));
    debug_assert!(written.is_ok(), "{written:?}");
    let bytes = writer.into_inner().unwrap_or_default();
    String::from_utf8(bytes).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markdown_pads_and_aligns() {
        let rows = vec![
            vec!["alpha".to_owned(), "1".to_owned()],
            vec!["b|c".to_owned(), "100".to_owned()],
        ];
        let t = markdown(&["name", "n"], &[Align::Left, Align::Right], &rows);
        assert_eq!(
            t,
            "| name  |   n |\n\
             | :---- | --: |\n\
             | alpha |   1 |\n\
             | b\\|c  | 100 |\n"
        );
    }

    #[test]
    fn html_escapes_every_cell() {
        let t = Table::new(
            &[("name", Align::Left), ("n", Align::Right)],
            vec![vec!["<b>&".to_owned(), "1".to_owned()]],
        );
        assert_eq!(
            t.html(
                "x",
                |i, j| if (i, j) == (0, 1) {
                    " title=\"t\"".into()
                } else {
                    String::new()
                },
                &["bar"],
                &[vec!["<td><svg></svg></td>".to_owned()]]
            ),
            "<table id=\"x\">\n<thead><tr><th>name</th><th class=\"num\">n</th><th>bar</th>\
             </tr></thead>\n<tbody>\n<tr><td>&lt;b&gt;&amp;</td><td class=\"num\" title=\"t\">1</td>\
             <td><svg></svg></td></tr>\n</tbody>\n</table>\n"
        );
    }

    #[test]
    fn csv_quotes_what_needs_it() {
        let rows = vec![vec![
            "a,b".to_owned(),
            "say \"x\"".to_owned(),
            "plain".to_owned(),
        ]];
        assert_eq!(
            csv(&["x", "y", "z"], &rows),
            "x,y,z\n\"a,b\",\"say \"\"x\"\"\",plain\n"
        );
    }
}
