import Foundation
import LitmusSupport
import SwiftSyntax

extension SourceFunctions {
    /// Whether the package's own code (not its tests, not a comment: a floating-point literal token of a parsed file)
    /// writes a decimal of the value `written` has (`13.1` of danielsaidi/EmojiKit 3.0.1's `.init(version: 13.1, …)`,
    /// the `0.8` of a default argument): a value read back from the package compared with that very literal is the
    /// literal's own double, which no rounding reaches. Underscores and a sign aside.
    func writesFloatLiteral(_ written: String) -> Bool {
        var digits = written.replacingOccurrences(of: "_", with: "")
        if digits.hasPrefix("-") { digits.removeFirst() }
        guard let value = Double(digits) else { return false }
        return remembered("float-literal|\(value)") {
            lock.withLock {
                for (index, text) in loaded().enumerated()
                where !ofTests[index] && ByteSearch.contains(digits, in: text) {
                    let literals = tree(index).descendants(of: FloatLiteralExprSyntax.self)
                    if literals.contains(where: {
                        Double($0.literal.text.replacingOccurrences(of: "_", with: "")) == value
                    }) {
                        return true
                    }
                }
                return false
            }
        }
    }
}
