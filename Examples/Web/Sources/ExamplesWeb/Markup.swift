/// Markup more than one screen writes, so that it is written once: a list of rows, and the box that
/// shows a view model's error.
enum Markup {
    /// A list UI tests read as a table (its items as cells): `<ul class="rows">` labelled `label`,
    /// with the identifier `id` if given, and one already escaped `<li>` a line.
    static func rows(_ items: [String], id: String? = nil, label: String) -> String {
        let identifier = id.map { #"id="\#(html: $0)" "# } ?? ""
        return """
            <ul \(identifier)aria-label="\(html: label)" class="rows">
            \(items.joined(separator: "\n"))
            </ul>
            """
    }

    /// A view model's error message with role `alert` (labelled by its text, so UI tests read it as
    /// the alert's label) on a line of its own, to end a body with; nothing when there is no message.
    static func errorBox(_ message: String?) -> String {
        guard let message else { return "" }
        return "\n"
            + #"<div role="alert" id="error" aria-labelledby="error-text"><p id="error-text">\#(html: message)</p></div>"#
    }
}
