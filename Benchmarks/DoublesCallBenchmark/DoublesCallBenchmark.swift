import LitmusDoubles
import LitmusSupport

/// Times one recorded call on a generated spy against a hand-written spy doing the same, and on a
/// generated spy stubbed with argument matchers (`given(…search(term: .equal("Phish"), limit: .any))`):
///
///     swift run -c release DoublesCallBenchmark [CALLS_PER_ROUND]
///
/// Each round makes fresh spies and calls each one million times through the protocol, the three
/// taking turns going first; a first round warms up (page faults, caches) and is not counted. The
/// figures are the medians of fifteen rounds, measured with ContinuousClock, in nanoseconds per call;
/// each ratio is the median over the rounds of a generated spy's time to the hand-written one's in
/// the same round (measured within a second of each other, so a change of the machine's load between
/// rounds affects both sides of a ratio). CALLS_PER_ROUND (one million unless given) may be made smaller for a
/// run under `valgrind --tool=callgrind`.
@main
enum DoublesCallBenchmark {
    static let callsPerRound = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 1_000_000

    static func main() {
        let clock = ContinuousClock()
        var measured = Durations()
        var checksum = 0
        for round in 0...rounds {
            let generatedSpy = SearchingMock()
            generatedSpy.double.search.stubbedResult = ["Big Boat"]
            let handWrittenSpy = HandWrittenSearchingSpy()
            handWrittenSpy.stub(["Big Boat"])
            let matchedSpy = SearchingMock()
            given(matchedSpy.double.search(term: .any, limit: .any)).willReturn([])
            given(matchedSpy.double.search(term: .equal("Phish"), limit: .any)).willReturn(["Big Boat"])
            let searching: any Searching = generatedSpy
            let handWrittenSearching: any Searching = handWrittenSpy
            let matchedSearching: any Searching = matchedSpy
            let spies: [(spy: any Searching, durations: WritableKeyPath<Durations, [Duration]>)] = [
                (searching, \.generated), (handWrittenSearching, \.handWritten), (matchedSearching, \.matched),
            ]
            // The spy measured first in a round page-faults fresh heap memory that the next ones then
            // reuse as their arrays grow, so the three take turns going first.
            var timed = Durations()
            for turn in 0..<spies.count {
                let (spy, durations) = spies[(round + turn) % spies.count]
                timed[keyPath: durations].append(
                    clock.measure {
                        for index in 0..<callsPerRound {
                            checksum &+= spy.search(term: "Phish", limit: index).count
                        }
                    })
            }
            // Round 0 warms up.
            if round > 0 {
                measured.generated += timed.generated
                measured.handWritten += timed.handWritten
                measured.matched += timed.matched
            }
            precondition(matchedSpy.double.search.callCount == callsPerRound)
            precondition(generatedSpy.double.search.callCount == callsPerRound)
            precondition(handWrittenSpy.callCount == callsPerRound)
        }
        let generatedNanoseconds = nanosecondsPerCall(measured.generated)
        let handWrittenNanoseconds = nanosecondsPerCall(measured.handWritten)
        print("generated spy:    \(rounded(generatedNanoseconds)) ns per recorded call (median of \(rounds) rounds)")
        print("hand-written spy: \(rounded(handWrittenNanoseconds)) ns per recorded call (median of \(rounds) rounds)")
        let matchedNanoseconds = nanosecondsPerCall(measured.matched)
        print("generated spy, stubbed with matchers: \(rounded(matchedNanoseconds)) ns per recorded call")
        print("ratio: \(rounded(medianRatio(measured.generated, measured.handWritten)))x  (checksum \(checksum))")
        print(
            "ratio with matchers: \(rounded(medianRatio(measured.matched, measured.handWritten)))x (goal: at most 1.5x)"
        )
    }

    /// The rounds counted, after the warm-up.
    static let rounds = 15

    /// The median over the rounds of `durations` to `baseline`, each pair from one round.
    static func medianRatio(_ durations: [Duration], _ baseline: [Duration]) -> Double {
        let ratios = zip(durations, baseline).map { $0 / $1 }.sorted()
        return ratios[ratios.count / 2]
    }

    /// Each spy's rounds.
    struct Durations {
        var generated: [Duration] = []
        var handWritten: [Duration] = []
        var matched: [Duration] = []
    }

    static func nanosecondsPerCall(_ durations: [Duration]) -> Double {
        let median = durations.sorted()[durations.count / 2]
        let nanoseconds = median.inMilliseconds * 1e6
        return nanoseconds / Double(callsPerRound)
    }

    static func rounded(_ value: Double) -> Double {
        (value * 100).rounded() / 100
    }
}
