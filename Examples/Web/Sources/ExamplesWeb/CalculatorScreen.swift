import Calculator

extension Screen {
    /// Seed 000's `ContentView` on the web: the display, then the buttons laid out in the view
    /// model's column count. Each button is a submit button of one form whose value is the button's
    /// index, passed to ``CalculatorViewModel/performAction(forButtonLabelIndex:)``.
    ///
    /// As the article's `Text(viewModel.displayText ?? " ")`, an empty display shows one space, and
    /// the display is the screen's only static text (an `<output>`, role status).
    static let calculator = Screen(
        path: "calculator",
        title: "Calculator",
        render: { session in
            let viewModel = session.calculator
            let buttons = viewModel.buttonLabels.enumerated().map { index, label in
                #"<button type="submit" name="button" value="\#(index)">\#(html: label)</button>"#
            }
            return """
                <output id="display" class="display" aria-live="polite">\(html: viewModel.displayText ?? " ")</output>
                <form method="post" action="/calculator" class="keys" style="--columns: \(viewModel.buttonColumnCount)">
                \(buttons.joined(separator: "\n"))
                </form>
                """
        },
        perform: { form, session throws(ScreenInputError) in
            guard let field = form["button"] else {
                throw ScreenInputError(screen: "calculator", reason: "the field \"button\" is missing")
            }
            guard let index = Int(field) else {
                throw ScreenInputError(
                    screen: "calculator",
                    reason: "the field \"button\" is \"\(field)\", expected the index of a button (0, 1, …)")
            }
            session.calculator.performAction(forButtonLabelIndex: index)
        }
    )
}
