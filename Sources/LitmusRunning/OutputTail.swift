/// The last bytes a test printed, kept within a limit however much it prints (a test that prints 50 MB
/// keeps 4 KiB): appended line by line in one pass, and turned into text only at the end.
struct OutputTail {
    /// The most bytes kept.
    let limit: Int
    /// The kept bytes, at most twice the limit (trimmed to it in one move, so appending stays linear).
    private var bytes: [UInt8] = []
    /// Every byte appended, line feeds included.
    private var total = 0

    /// An empty tail keeping at most `limit` bytes.
    init(limit: Int) { self.limit = limit }

    /// Appends `line` and a line feed.
    mutating func append(_ line: UnsafeBufferPointer<UInt8>) {
        total += line.count + 1
        if line.count >= limit {
            bytes.removeAll(keepingCapacity: true)
            bytes.append(contentsOf: line.suffix(limit))
        } else {
            bytes.append(contentsOf: line)
        }
        bytes.append(0x0A)
        if bytes.count > 2 * limit { bytes.removeFirst(bytes.count - limit) }
    }

    /// What was kept, as text: the last `limit` bytes, starting at a character's first byte, after a line
    /// saying how many bytes came before when some were left out; `nil` when nothing was printed.
    var text: String? {
        guard total > 0 else { return nil }
        var kept = bytes.suffix(limit)[...]
        // A UTF-8 continuation byte (10xxxxxx) cannot start the text.
        while kept.count < total, let first = kept.first, first & 0xC0 == 0x80 { kept = kept.dropFirst() }
        let text = String(decoding: kept.dropLast(), as: UTF8.self)
        let before = total - kept.count
        return before > 0 ? "[\(before) bytes before]\n" + text : text
    }
}
