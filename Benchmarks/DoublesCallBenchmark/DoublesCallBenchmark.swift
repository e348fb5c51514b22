import LitmusDoubles
import LitmusSupport

/// Times one recorded call on a generated spy against a hand-written spy doing the same, and on a
/// generated spy stubbed with argument matchers (`given(…search(term: .equal("Phish"), limit: .any))`):
///
///     swift run -c release DoublesCallBenchmark
///
/// Each round makes fresh spies and calls each one million times; the figures are the medians of
/// nine rounds, measured with ContinuousClock, in nanoseconds per call.
@main
enum DoublesCallBenchmark {
    static let callsPerRound = 1_000_000

    static func main() {
        let clock = ContinuousClock()
        var generated: [Duration] = []
        var handWritten: [Duration] = []
        var matched: [Duration] = []
        var checksum = 0
        for round in 0..<9 {
            let generatedSpy = SearchingMock()
            generatedSpy.double.search.stubbedResult = ["Big Boat"]
            let handWrittenSpy = HandWrittenSearchingSpy()
            handWrittenSpy.stub(["Big Boat"])
            let searching: any Searching = generatedSpy
            let handWrittenSearching: any Searching = handWrittenSpy
            // The spy measured first in a round page-faults fresh heap memory that the second then
            // reuses as its arrays grow, so the two take turns going first.
            if round.isMultiple(of: 2) {
                generated.append(
                    clock.measure {
                        for index in 0..<callsPerRound {
                            checksum &+= searching.search(term: "Phish", limit: index).count
                        }
                    })
                handWritten.append(
                    clock.measure {
                        for index in 0..<callsPerRound {
                            checksum &+= handWrittenSearching.search(term: "Phish", limit: index).count
                        }
                    })
            } else {
                handWritten.append(
                    clock.measure {
                        for index in 0..<callsPerRound {
                            checksum &+= handWrittenSearching.search(term: "Phish", limit: index).count
                        }
                    })
                generated.append(
                    clock.measure {
                        for index in 0..<callsPerRound {
                            checksum &+= searching.search(term: "Phish", limit: index).count
                        }
                    })
            }
            let matchedSpy = SearchingMock()
            given(matchedSpy.double.search(term: .any, limit: .any)).willReturn([])
            given(matchedSpy.double.search(term: .equal("Phish"), limit: .any)).willReturn(["Big Boat"])
            let matchedSearching: any Searching = matchedSpy
            matched.append(
                clock.measure {
                    for index in 0..<callsPerRound {
                        checksum &+= matchedSearching.search(term: "Phish", limit: index).count
                    }
                })
            precondition(matchedSpy.double.search.callCount == callsPerRound)
            precondition(generatedSpy.double.search.callCount == callsPerRound)
            precondition(handWrittenSpy.callCount == callsPerRound)
        }
        let generatedNanoseconds = nanosecondsPerCall(generated)
        let handWrittenNanoseconds = nanosecondsPerCall(handWritten)
        print("generated spy:    \(rounded(generatedNanoseconds)) ns per recorded call (median of 9 rounds)")
        print("hand-written spy: \(rounded(handWrittenNanoseconds)) ns per recorded call (median of 9 rounds)")
        let matchedNanoseconds = nanosecondsPerCall(matched)
        print("generated spy, stubbed with matchers: \(rounded(matchedNanoseconds)) ns per recorded call")
        print("ratio: \(rounded(generatedNanoseconds / handWrittenNanoseconds))x  (checksum \(checksum))")
        print("ratio with matchers: \(rounded(matchedNanoseconds / handWrittenNanoseconds))x (goal: at most 1.5x)")
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
