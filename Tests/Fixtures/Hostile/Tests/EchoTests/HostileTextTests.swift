import Echo
import Foundation
import Testing
import XCTest

/// Text a terminal would obey, CDATA's end, quotes and a 10 kB line: what every report must keep valid.
let hostile = "bell \u{07} clear \u{1B}[2J title \u{1B}]0;owned\u{07} ]]> \"double\" 'single' <tag> & one \u{01}"
let longLine = String(repeating: "0123456789", count: 1000)

/// Bytes that are not UTF-8, then a line end.
let notUTF8 = Data([0x62, 0x61, 0x64, 0xFF, 0xFE, 0xC3, 0x28, 0x21, 0x0A])

final class HostileTextTests: XCTestCase {
    // Fails with hostile text in its message, after printing it and bytes that are not UTF-8.
    func testFailsWithHostileText() {
        FileHandle.standardOutput.write(Data((hostile + "\n" + longLine + "\n").utf8) + notUTF8)
        XCTAssertEqual(echo(hostile), "plain", hostile + " " + longLine)
    }

    // Prints LITMUS_FIXTURE_OUTPUT_MB megabytes (2 unless set) in 100-byte lines, then fails.
    func testPrintsALot() {
        let megabytes = Int(ProcessInfo.processInfo.environment["LITMUS_FIXTURE_OUTPUT_MB"] ?? "") ?? 2
        let line = Data((String(repeating: "chatty ", count: 14) + "chatter\n").utf8)
        var block = Data()
        for _ in 0..<100 { block.append(line) }
        for _ in 0..<(megabytes * 100) { FileHandle.standardOutput.write(block) }
        FileHandle.standardOutput.write(Data("the chatty test's last line\n".utf8))
        XCTFail("chatty failed")
    }
}

@Test("Swift Testing's name with \u{1B}[31m red \u{07} bell ]]> \"quotes\"")
func hostileName() {
    #expect(echo(hostile) == "plain", "\(hostile) \(longLine)")
}
