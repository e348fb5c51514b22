import SwiftSyntax

/// How a call's arguments meet a helper's parameters: by label in order, a defaulted one skipped, a variadic one
/// taking several, trailing closures taking the last ones left.
extension HelperIndex {
    /// A parameter of a helper, as a call's arguments meet it.
    struct Parameter {
        /// Its argument label, `nil` for `_`.
        var label: String?
        var hasDefault: Bool
        var isVariadic: Bool
        /// Whether it takes a function that returns a value the function's body reads (``usesReturnedValue(of:in:)``).
        var takesValueReturningFunction = false

        /// `parameter` of `function`.
        init(_ parameter: FunctionParameterSyntax, of function: FunctionDeclSyntax) {
            label = parameter.firstName.tokenKind == .wildcard ? nil : parameter.firstName.text
            hasDefault = parameter.defaultValue != nil
            isVariadic = parameter.ellipsis != nil
            takesValueReturningFunction = HelperIndex.usesReturnedValue(of: parameter, in: function)
        }
    }

    /// Whether arguments with `labels` (then `trailingClosures` closures) can call a function with
    /// `parameters`: labels in order, each skipped parameter defaulted, a variadic one taking several.
    static func fits(_ labels: [String?], trailingClosures: Int, _ parameters: [Parameter]) -> Bool {
        var argument = 0
        var unmatched: [Parameter] = []
        for parameter in parameters {
            if argument < labels.count, labels[argument] == parameter.label {
                argument += 1
                while parameter.isVariadic, argument < labels.count, labels[argument] == nil { argument += 1 }
            } else if argument < labels.count, parameter.hasDefault || parameter.isVariadic {
                continue
            } else {
                unmatched.append(parameter)
            }
        }
        guard argument == labels.count else { return false }
        // Trailing closures take the last parameters left; the rest must have defaults.
        return unmatched.dropLast(trailingClosures).allSatisfy { $0.hasDefault || $0.isVariadic }
    }
}
