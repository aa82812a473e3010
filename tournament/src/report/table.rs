//! Text tables: Markdown with padded columns (readable both rendered and
//! as plain text in a terminal), and CSV (RFC 4180, by the `csv` crate).

/// How a column's cells are aligned.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Align {
    /// Text.
    Left,
    /// Numbers.
    Right,
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
