import Foundation

/// How old a recording is, or may be: the limit a replay's `expiresAfter:` sets (`.days(30)`), and the
/// age a ``HARError/expired(_:age:limit:isCI:)`` reports.
///
/// ```swift
/// try HTTPStubs.current.replay("Recordings/search.har", mode: .recordIfMissing, expiresAfter: .days(30))
/// ```
public struct HARAge: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The age in whole seconds, never negative.
    public let seconds: Int

    /// An age of `seconds` seconds (a negative value counts as 0).
    public init(seconds: Int) {
        self.seconds = max(0, seconds)
    }

    /// An age of `seconds` seconds.
    public static func seconds(_ seconds: Int) -> HARAge { HARAge(seconds: seconds) }
    /// An age of `minutes` minutes.
    public static func minutes(_ minutes: Int) -> HARAge { HARAge(seconds: minutes * 60) }
    /// An age of `hours` hours.
    public static func hours(_ hours: Int) -> HARAge { HARAge(seconds: hours * 3_600) }
    /// An age of `days` days of 24 hours.
    public static func days(_ days: Int) -> HARAge { HARAge(seconds: days * 86_400) }

    /// The time from `start` to `end`, rounded down to the second (0 when `end` is earlier).
    init(from start: Date, to end: Date) {
        self.init(seconds: Int(end.timeIntervalSince(start).rounded(.down)))
    }

    /// `30 days`, `45 days 3 hours`, `1 day 12 hours`, `90 seconds`: the two largest units that are not
    /// zero, the rest left out.
    public var description: String {
        let units = [(86_400, "day"), (3_600, "hour"), (60, "minute"), (1, "second")]
        guard let largest = units.firstIndex(where: { seconds >= $0.0 }) else { return "0 seconds" }
        func text(_ count: Int, _ unit: String) -> String { "\(count) \(unit)\(count == 1 ? "" : "s")" }
        let (size, unit) = units[largest]
        var parts = [text(seconds / size, unit)]
        if largest + 1 < units.count {
            let (smallerSize, smallerUnit) = units[largest + 1]
            let smaller = seconds % size / smallerSize
            if smaller > 0 { parts.append(text(smaller, smallerUnit)) }
        }
        return parts.joined(separator: " ")
    }

    /// Whether `lhs` is younger than `rhs`.
    public static func < (lhs: HARAge, rhs: HARAge) -> Bool { lhs.seconds < rhs.seconds }
}

extension HAR {
    /// When the recording was made: the earliest `startedDateTime` of its entries, or, when no entry has
    /// one that is a date, of its pages; nil when there is none.
    public var recordedDate: Date? {
        log.entries.compactMap(\.startedDate).min()
            ?? log.pages?.compactMap { HAR.date(fromISO8601: $0.startedDateTime) }.min()
    }

    /// How old the recording is at `now` (from ``recordedDate``); nil when it has no date.
    public func age(at now: Date = Date()) -> HARAge? {
        recordedDate.map { HARAge(from: $0, to: now) }
    }

    /// The indexes of the entries older than `limit` at `now`. An entry is as old as its own
    /// `startedDateTime`, or, without one that is a date, as the recording; when the recording has no date
    /// at all, every entry is past the limit (nothing shows it is within).
    func expiredEntries(limit: HARAge, now: Date) -> [Int] {
        let recorded = recordedDate
        return log.entries.indices.filter { index in
            guard let date = log.entries[index].startedDate ?? recorded else { return true }
            return HARAge(from: date, to: now) > limit
        }
    }

    /// An ISO 8601 date and time, with or without fractional seconds (`2026-11-23T00:42:00.744Z`,
    /// `2026-11-23T01:42:00+01:00`); nil for anything else.
    static func date(fromISO8601 text: String) -> Date? {
        (try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)))
            ?? (try? Date(text, strategy: Date.ISO8601FormatStyle()))
    }
}

extension HAR.Entry {
    /// `startedDateTime` as a date; nil when it is missing or not ISO 8601.
    public var startedDate: Date? {
        HAR.date(fromISO8601: startedDateTime)
    }
}
