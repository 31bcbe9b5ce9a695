//! The pupils' address as a QR code, drawn once as SVG for the projector,
//! so a pupil can scan it rather than type it. Only the `svg` renderer of
//! the `qrcode` crate is built.

use qrcode::QrCode;
use qrcode::render::svg;

/// `text` as a QR code in SVG, ready to put in a page: no XML declaration,
/// dark squares on white with the quiet zone around them.
pub(crate) fn svg(text: &str) -> Result<String, qrcode::types::QrError> {
    let code = QrCode::new(text.as_bytes())?;
    let drawn = code.render::<svg::Color>().min_dimensions(240, 240).build();
    Ok(match drawn.find("<svg") {
        Some(at) => drawn[at..].to_string(),
        None => drawn,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_is_drawn_as_svg_squares() {
        let drawn = svg("http://192.168.1.20:8357/join/K7QX").unwrap();
        assert!(drawn.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        assert!(drawn.ends_with("</svg>"));
        assert!(drawn.contains("<path"));
        assert_ne!(drawn, svg("http://192.168.1.20:8357/join/K7QY").unwrap());
        // Far more than a QR code holds is refused, not drawn.
        assert!(svg(&"x".repeat(8000)).is_err());
    }
}
