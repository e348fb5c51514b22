/// `text` followed by an exclamation mark.
public func exclaimed(_ text: String) -> String {
    text + "!"
}
