import Foundation

/// A letter of FIRST (seed 000): what a unit test should be.
public enum Letter: String, Codable, Sendable, CaseIterable, Comparable {
    /// Fast: runs in milliseconds.
    case fast = "F"
    /// Isolated: passes or fails the same alone and among the others.
    case isolated = "I"
    /// Repeatable: the same outcome on every run.
    case repeatable = "R"
    /// Self-validating: decides on its own, with real assertions.
    case selfValidating = "S"
    /// Thorough: covers the code under test.
    case thorough = "T"

    /// The letter's word.
    public var word: String {
        switch self {
        case .fast: return "Fast"
        case .isolated: return "Isolated"
        case .repeatable: return "Repeatable"
        case .selfValidating: return "Self-validating"
        case .thorough: return "Thorough"
        }
    }

    /// Orders F, I, R, S, T.
    public static func < (lhs: Letter, rhs: Letter) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// One finding, with the test and the place it concerns.
public struct Finding: Codable, Sendable, Hashable {
    /// What was found.
    public var kind: FindingKind
    /// The FIRST letter it counts against.
    public var letter: Letter
    /// The test's identifier, when it concerns one test.
    public var test: TestID?
    /// The file it points at (relative to the package), when known.
    public var file: String?
    /// The line it points at, when known.
    public var line: Int?
    /// What was found, in a sentence naming the test and any other test involved.
    public var message: String
    /// How to fix it.
    public var fix: String
    /// True when its test is in the package's `.litmus-quarantine`: reported, counted against no letter.
    public var quarantined: Bool?
    /// For an order-dependent test, the search for its fix (`--fixes`): a patch verified in the audit's
    /// copy, or why there is none, and what the search cost (``Repair``).
    public var repair: Repair?
    /// The tests bisection named (the polluter, or the test the victim needs first); not in the JSON,
    /// which names them in `message`.
    public var culprits: [TestID]?
    /// Whether it is a hint (``FindingKind/isHint``): reported and counted apart, against no letter.
    public var hint: Bool
    /// Why it is silenced, when a `// litmus:ignore <kind> <reason>` comment on or above its line
    /// silences it: reported, counted against no letter.
    public var ignored: String?
    /// Why the compiler's types could not confirm it, for a static finding whose rule asks them and had none
    /// (`litmus smells` builds nothing; a module whose typed AST could not be produced): reported and counted
    /// as usual, the reason beside it. `nil` when confirmed, or when its rule asks nothing of the types.
    public var unconfirmed: String?
    /// Why the test never runs, for a finding of the never-run family (``FindingKind/neverRan``,
    /// ``FindingKind/ignoredTest``); `nil` for other kinds, and in reports written before it was named.
    public var cause: NeverRunCause?

    /// Whether it counts against its letter: not quarantined, no hint, not ignored.
    public var counts: Bool { quarantined != true && !hint && ignored == nil }

    /// Creates a finding whose letter and fix follow from its kind.
    public init(kind: FindingKind, test: TestID? = nil, file: String? = nil, line: Int? = nil, message: String) {
        self.kind = kind
        self.letter = kind.letter
        self.test = test
        self.file = file
        self.line = line
        self.message = message
        self.fix = kind.fix
        self.hint = kind.isHint
    }

    /// `file:line` when known.
    public var location: String? {
        guard let file else { return nil }
        return line.map { "\(file):\($0)" } ?? file
    }

    private enum CodingKeys: String, CodingKey {
        case kind, letter, test, file, line, message, fix, quarantined, hint, ignored, unconfirmed, repair, cause
    }

    /// Decodes a finding of any version of the report (keys absent or `null`); `quarantined: false` reads
    /// as not quarantined (`nil`), as it was written.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        kind = try container.decode(FindingKind.self, forKey: .kind)
        letter = try container.decode(Letter.self, forKey: .letter)
        test = try container.decodeIfPresent(TestID.self, forKey: .test)
        file = try container.decodeIfPresent(String.self, forKey: .file)
        line = try container.decodeIfPresent(Int.self, forKey: .line)
        message = try container.decode(String.self, forKey: .message)
        fix = try container.decode(String.self, forKey: .fix)
        quarantined = try container.decodeIfPresent(Bool.self, forKey: .quarantined) == true ? true : nil
        hint = try container.decodeIfPresent(Bool.self, forKey: .hint) ?? kind.isHint
        ignored = try container.decodeIfPresent(String.self, forKey: .ignored)
        unconfirmed = try container.decodeIfPresent(String.self, forKey: .unconfirmed)
        repair = try container.decodeIfPresent(Repair.self, forKey: .repair)
        cause = try container.decodeIfPresent(NeverRunCause.self, forKey: .cause)
    }

    /// Every key for every kind, so a reader of the JSON finds the same fields in each finding: `test`,
    /// `file` and `line` are `null` when the finding concerns no test or place, `quarantined` is `false`
    /// when its test is not quarantined, `hint` is `false` for a finding that counts, `ignored` `null`
    /// unless a `litmus:ignore` comment silences it, `unconfirmed` `null` unless the compiler's types could not
    /// confirm it, `cause` `null` unless it is of the never-run family.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(letter, forKey: .letter)
        try container.encode(test, forKey: .test)
        try container.encode(file, forKey: .file)
        try container.encode(line, forKey: .line)
        try container.encode(message, forKey: .message)
        try container.encode(fix, forKey: .fix)
        try container.encode(quarantined ?? false, forKey: .quarantined)
        try container.encode(hint, forKey: .hint)
        try container.encode(ignored, forKey: .ignored)
        try container.encode(unconfirmed, forKey: .unconfirmed)
        try container.encodeIfPresent(repair, forKey: .repair)
        try container.encode(cause, forKey: .cause)
    }
}
