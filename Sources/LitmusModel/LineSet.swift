/// Lines of one source file: sorted, disjoint, non-adjacent ranges of line numbers. What a test executed
/// alone, what a change touched. In JSON (and the audit's record) it is the text `"12-18,22"`, as
/// before it had a type.
public struct LineSet: Sendable, Hashable, Codable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The ranges, in order, none touching the next.
    public private(set) var ranges: [ClosedRange<Int>]

    /// No line.
    public init() { ranges = [] }

    /// The given lines, in any order, repeats allowed.
    public init(_ lines: some Sequence<Int>) {
        self.init(ranges: lines.map { $0...$0 })
    }

    /// The union of the given ranges, in any order, overlapping or not.
    public init(ranges: some Sequence<ClosedRange<Int>>) {
        var merged: [ClosedRange<Int>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = merged.last, range.lowerBound <= last.upperBound + 1 {
                merged[merged.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        self.ranges = merged
    }

    /// The lines of a text such as `"12-18,22"`; parts that are no line or range (`"x"`, `"9-3"`) are left out.
    public init(parsing text: String) {
        self.init(
            ranges: text.split(separator: ",").compactMap { part -> ClosedRange<Int>? in
                let bounds = part.split(separator: "-", omittingEmptySubsequences: false).map {
                    Int($0.trimmingCharacters(in: .whitespaces))
                }
                guard (1...2).contains(bounds.count), let first = bounds.first ?? nil, let last = bounds.last ?? nil,
                    first <= last
                else { return nil }
                return first...last
            })
    }

    /// The lines of a literal such as `"12-18,22"` (``init(parsing:)``).
    public init(stringLiteral text: String) {
        self.init(parsing: text)
    }

    /// Whether there is no line.
    public var isEmpty: Bool { ranges.isEmpty }

    /// How many lines.
    public var count: Int { ranges.reduce(0) { $0 + $1.count } }

    /// Whether `line` is one of the lines.
    public func contains(_ line: Int) -> Bool {
        overlaps(line...line)
    }

    /// Whether any line of `range` is one of the lines (a binary search).
    public func overlaps(_ range: ClosedRange<Int>) -> Bool {
        var low = 0
        var high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].upperBound < range.lowerBound {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low < ranges.count && ranges[low].overlaps(range)
    }

    /// The lines in either set.
    public func union(_ other: LineSet) -> LineSet {
        LineSet(ranges: ranges + other.ranges)
    }

    /// `"12-18,22"`.
    public var description: String {
        ranges.map { $0.lowerBound == $0.upperBound ? "\($0.lowerBound)" : "\($0.lowerBound)-\($0.upperBound)" }
            .joined(separator: ",")
    }

    /// Reads the text form, `"12-18,22"`.
    public init(from decoder: any Decoder) throws {
        self.init(parsing: try decoder.singleValueContainer().decode(String.self))
    }

    /// Writes the text form, `"12-18,22"`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
