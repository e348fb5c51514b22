import Testing

@testable import LitmusSupport

@Suite("Text is found in UTF-8 bytes, names whole")
struct ByteSearchTests {
    @Test("A phrase holds as a name when what follows it ends the name, or the text ends")
    func wholeNames() {
        #expect(ByteSearch.holdsName("class Cache", in: "final class Cache {"))
        #expect(ByteSearch.holdsName("class Cache", in: "final class Cache"))
        #expect(ByteSearch.holdsName("class Cache", in: "class Cache<Key>"))
        #expect(ByteSearch.holdsName("var total", in: "var total$"))
        #expect(ByteSearch.holdsName("class Cache", in: "class Cache… and more"))
    }

    @Test("A phrase that only starts a longer name is no name, in any script, but a later place may be")
    func longerNames() {
        #expect(!ByteSearch.holdsName("class Cache", in: "class CacheTests {}"))
        #expect(!ByteSearch.holdsName("class Cache", in: "class Cache_2 {}"))
        #expect(!ByteSearch.holdsName("class Cache", in: "class Cache2 {}"))
        #expect(!ByteSearch.holdsName("class Cache", in: "class Cacheé {}"))
        #expect(!ByteSearch.holdsName("let x", in: "let xπ = 1"))
        #expect(ByteSearch.holdsName("class Cache", in: "class CacheTests {}; class Cache {}"))
        #expect(!ByteSearch.holdsName("class Cache", in: "struct Cache {}"))
        #expect(!ByteSearch.holdsName("class Cache", in: ""))
    }

    @Test("Substrings are found on the bytes, the first and last places included")
    func substrings() {
        #expect(ByteSearch.contains("init()", in: "init() {}"))
        #expect(ByteSearch.contains(" none:", in: "static let none:"))
        #expect(!ByteSearch.contains("init()", in: "init(x: Int)"))
        #expect(!ByteSearch.contains("enum ", in: "enum"))
        #expect(ByteSearch.contains("do not edit", in: "// do not edit"[...]))
    }

    @Test("The first place a marker starts, past the places its first byte alone matches")
    func firstIndex() {
        var text = "Test: Tes Test Case 'A' started"
        let index = text.withUTF8 { ByteSearch.firstIndex(of: Array("Test Case '".utf8), in: $0) }
        #expect(index == 10)
        let none = text.withUTF8 {
            ByteSearch.firstIndex(of: Array("Test Case '".utf8), in: UnsafeBufferPointer(rebasing: $0[0..<12]))
        }
        #expect(none == nil)
    }

    @Test("Each place a part occurs is offered in order until one is accepted")
    func occurrences() {
        var text = "ab ab ab"
        var offered: [Int] = []
        let accepted = text.withUTF8 { bytes in
            ByteSearch.occurrences(of: "ab", in: bytes) { start, end in
                offered.append(start)
                return end == bytes.count
            }
        }
        #expect(accepted)
        #expect(offered == [0, 3, 6])
    }
}
