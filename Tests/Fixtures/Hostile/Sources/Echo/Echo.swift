/// Text with its control characters, as a terminal would receive it.
public func echo(_ text: String) -> String { text }
