/// What the footprint observer (LitmusRunning's `FootprintObserver`) wrote in one test process: how many LLVM
/// profile counters the binary has, and, in order, each stretch between two test boundaries with how much each
/// counter grew in it, belonging to the test that ran (or ended) there, or to none.
struct FootprintLog: Sendable, Hashable {
    /// One stretch of the run.
    struct Stretch: Sendable, Hashable {
        /// The test whose code it ran (its identifier as the runner names it), `nil` outside any test.
        var test: String?
        /// The counters that grew, as ranges of indices.
        var counters: [ClosedRange<Int>]
        /// How much the counters that grew by more than 1 grew, by index (the others grew by 1).
        var larger: [Int: UInt64] = [:]

        /// How much counter `index` grew.
        func growth(of index: Int) -> UInt64 {
            larger[index] ?? (counters.contains { $0.contains(index) } ? 1 : 0)
        }
    }

    /// How many counters the binary has (the observer's count, checked against the profile's).
    var counters: Int
    /// The stretches, in order.
    var stretches: [Stretch]

    /// Why a log cannot be read.
    struct Unreadable: Error, Sendable, Hashable {
        var reason: String
    }

    /// Reads the observer's lines: `N<tab><tab>count`, then `T<tab>id<tab>counters` and `O<tab><tab>counters`
    /// (`counters` as `3,5-9,12*4`: each grew by 1, but 12 by 4); a test's processor time (`P<tab>id<tab>µs`,
    /// ``processorMilliseconds(in:)``) is no stretch. A process cut short leaves a log whose last stretch is
    /// missing: what it has still reads.
    static func read(_ text: String) throws(Unreadable) -> FootprintLog {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true).makeIterator()
        guard let header = lines.next()?.split(separator: "\t", omittingEmptySubsequences: false),
            header.count == 3, header[0] == "N", let count = Int(header[2])
        else { throw Unreadable(reason: "it does not start with the count of counters") }
        var log = FootprintLog(counters: count, stretches: [])
        while let line = lines.next() {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            if fields.count == 3, fields[0] == "P" { continue }
            guard fields.count == 3, fields[0] == "T" || fields[0] == "O" else {
                throw Unreadable(reason: "a line is neither a test's stretch nor one outside tests: \(line.prefix(80))")
            }
            guard let stretch = stretch(fields[2]) else {
                throw Unreadable(reason: "a line's counters are not ranges of numbers: \(line.prefix(80))")
            }
            log.stretches.append(
                Stretch(test: fields[0] == "T" ? String(fields[1]) : nil, counters: stretch.0, larger: stretch.1))
        }
        return log
    }

    /// The processor time the process spent in each test, between its start and its end, in milliseconds, by
    /// the test's identifier as the runner names it (of its last run in the process): the observer's
    /// `P<tab>id<tab>microseconds` lines, whatever else the log holds (a binary without coverage counters
    /// writes these alone). Unlike the process's processor time, it leaves out the process's start and end
    /// (the runtime's loading, the listing, the coverage profile's writing).
    static func processorMilliseconds(in text: String) -> [String: Double] {
        var times: [String: Double] = [:]
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 3, fields[0] == "P", let microseconds = UInt64(fields[2]) else { continue }
            times[String(fields[1])] = Double(microseconds) / 1000
        }
        return times
    }

    /// `3,5-9,12*4` as ranges and the larger growths; `nil` when it is not that.
    static func stretch(_ text: Substring) -> ([ClosedRange<Int>], [Int: UInt64])? {
        var ranges: [ClosedRange<Int>] = []
        var larger: [Int: UInt64] = [:]
        for part in text.split(separator: ",") {
            if let star = part.firstIndex(of: "*") {
                guard let index = Int(part[..<star]), let growth = UInt64(part[part.index(after: star)...]) else {
                    return nil
                }
                ranges.append(index...index)
                larger[index] = growth
                continue
            }
            let bounds = part.split(separator: "-")
            guard let low = bounds.first.flatMap({ Int($0) }), bounds.count <= 2 else { return nil }
            let high = bounds.count == 2 ? Int(bounds[1]) : low
            guard let high, high >= low else { return nil }
            ranges.append(low...high)
        }
        return (ranges, larger)
    }
}
