import Foundation
import SwiftSyntax

extension SourceFunctions {
    /// Whether the package (its sources or its tests' targets) declares an infix operator function `op` that
    /// applies SwiftCheck's `<-` to its first parameter: then `property("…") op forAll { … }` runs the property
    /// and fails the test on a counterexample as `<-` does (bow-swift/bow 0.8.0's Tests/BowLaws declares `<~`,
    /// `public func <~(checker: AssertiveQuickCheck, test: …) { checker <- test }`, and its 76 property tests use
    /// it). Not an operator that only builds a value, nor one that applies `<-` to something else.
    func forwardsPropertyCheck(_ op: String) -> Bool {
        remembered("forwardsPropertyCheck \(op)") {
            let pattern = "func\\s*" + NSRegularExpression.escapedPattern(for: op) + "\\s*[(<]"
            return trees(matching: pattern).contains { tree in
                tree.descendants(of: FunctionDeclSyntax.self).contains { function in
                    guard function.name.text == op, let first = function.signature.parameterClause.parameters.first,
                        let body = function.body
                    else { return false }
                    let checker = (first.secondName ?? first.firstName).text
                    return body.descendants(of: SequenceExprSyntax.self).contains { sequence in
                        let elements = Array(sequence.elements)
                        return elements.count == 3
                            && elements[0].as(DeclReferenceExprSyntax.self)?.baseName.text == checker
                            && elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "<-"
                    }
                }
            }
        }
    }
}
