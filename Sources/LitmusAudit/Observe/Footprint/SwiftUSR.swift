/// What a Swift USR (`s:` and the declaration's mangled name, as the compiler's typed AST gives each reference) says of
/// the module that declares it (``StaticFootprints``): the first identifier of the mangling, read as the compiler's
/// demangler reads it.
enum SwiftUSR {
    /// The module a USR's declaration belongs to: `s:6Shapes8SettingsV` is `Shapes`'s, `s:SS…` and `s:s…` the
    /// standard library's, `c:@F@setenv` C's (`__C`); `nil` when the USR does not say. A module's name may repeat a
    /// word of itself, which the mangling then gives by its number (`s:019ArgumentParserEndToC5Tests…`:
    /// `ArgumentParserEndToEndTests`), as the compiler's demangler reads it. A member an extension adds is the
    /// extending module's: ``module(of:among:)``.
    static func module(of usr: String) -> String? {
        if usr.hasPrefix("c:") { return "__C" }
        guard usr.hasPrefix("s:") else { return nil }
        let mangled = Array(usr.utf8.dropFirst(2))
        guard let first = mangled.first else { return nil }
        if first == UInt8(ascii: "s") { return "Swift" }
        if first == UInt8(ascii: "S") { return mangled.dropFirst().first == UInt8(ascii: "o") ? "__C" : "Swift" }
        return identifier(in: mangled)
    }

    /// The module of `usr` (``module(of:)``), or of the extension of `known` modules that declares it: a member of
    /// `String` that `Kit` adds (`s:SS3KitE…`) is `Kit`'s.
    static func module(of usr: String, among known: some Sequence<String>) -> String? {
        let mangled = Array(usr.utf8)
        for name in known {
            let marker = Array("\(name.utf8.count)\(name)E".utf8)
            guard marker.count < mangled.count else { continue }
            for start in 1...(mangled.count - marker.count)
            where !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(mangled[start - 1])
                && Array(mangled[start..<start + marker.count]) == marker
            {
                return name
            }
        }
        return module(of: usr)
    }

    /// The first identifier of `mangled`, with its word substitutions; `nil` when it is none (or punycode).
    private static func identifier(in mangled: [UInt8]) -> String? {
        var index = 0
        func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
        func isUpper(_ byte: UInt8) -> Bool { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) }
        func isLower(_ byte: UInt8) -> Bool { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) }
        guard index < mangled.count, isDigit(mangled[index]) else { return nil }
        var substitutes = false
        if mangled[index] == UInt8(ascii: "0") {
            index += 1
            guard index < mangled.count, mangled[index] != UInt8(ascii: "0") else { return nil }
            substitutes = true
        }
        var name: [UInt8] = []
        var words: [[UInt8]] = []
        repeat {
            while substitutes, index < mangled.count, isUpper(mangled[index]) || isLower(mangled[index]) {
                let letter = mangled[index]
                index += 1
                let word = Int(letter - (isLower(letter) ? UInt8(ascii: "a") : UInt8(ascii: "A")))
                if isUpper(letter) { substitutes = false }
                guard word < words.count else { return nil }
                name += words[word]
            }
            if index < mangled.count, mangled[index] == UInt8(ascii: "0") {
                index += 1
                break
            }
            var length = 0
            while index < mangled.count, isDigit(mangled[index]) {
                length = length * 10 + Int(mangled[index] - UInt8(ascii: "0"))
                index += 1
            }
            guard length > 0, index + length <= mangled.count else { return nil }
            let part = Array(mangled[index..<index + length])
            index += length
            name += part
            // The words of the part: each starts at a character that is no digit nor `_`, and ends before a `_`, or
            // an upper-case letter after one that is not; those of two characters or more count.
            var wordStart: Int? = nil
            for position in 0...part.count {
                let character: UInt8 = position < part.count ? part[position] : 0
                if let begun = wordStart,
                    character == UInt8(ascii: "_") || character == 0
                        || (!isUpper(part[position - 1]) && isUpper(character))
                {
                    if position - begun >= 2 { words.append(Array(part[begun..<position])) }
                    wordStart = nil
                }
                if wordStart == nil, !isDigit(character), character != UInt8(ascii: "_"), character != 0 {
                    wordStart = position
                }
            }
        } while substitutes
        return String(decoding: name, as: UTF8.self)
    }
}
