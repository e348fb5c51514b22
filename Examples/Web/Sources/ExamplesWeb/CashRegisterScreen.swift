import CashRegister
import Foundation

extension Screen {
    /// Seed 001's cash register on the web: the items of the transaction, its total, a payment field,
    /// the change of the last payment, and the register's error (such as an insufficient payment)
    /// with role `alert`.
    static let cashRegister = Screen(
        path: "cash-register",
        title: "Cash Register",
        render: { session in
            let counter = session.cashRegister
            let items = counter.items.map { #"<li class="item">\#(html: "\($0)")</li>"# }
            var body = """
                \(Markup.rows(items, id: "items", label: "Items"))
                <p><span>Total:</span> <output id="total">\(html: "\(counter.register.transactionTotal)")</output></p>
                <form method="post" action="/cash-register">
                <label for="cost">Item cost</label>
                <input id="cost" name="amount" inputmode="decimal" required>
                <button type="submit" name="action" value="addItem">Add Item</button>
                </form>
                <form method="post" action="/cash-register">
                <label for="payment">Payment</label>
                <input id="payment" name="amount" inputmode="decimal" required>
                <button type="submit" name="action" value="pay">Pay</button>
                </form>
                """
            if let change = counter.change {
                body += "\n" + #"<p><span>Change:</span> <output id="change">\#(html: "\(change)")</output></p>"#
            }
            return body + Markup.errorBox(counter.error)
        },
        perform: { form, session throws(ScreenInputError) in
            let counter = session.cashRegister
            switch form["action"] {
            case "addItem": counter.addItem(form["amount"] ?? "")
            case "pay": counter.pay(form["amount"] ?? "")
            default:
                throw ScreenInputError(
                    screen: "cash-register",
                    reason: "the field \"action\" is \"\(form["action"] ?? "")\", expected addItem or pay")
            }
        }
    )
}

/// One browser session's counter: a `CashRegister`, the items of its open transaction (the register
/// keeps only their total), the change of the last payment and the last error, in the register's
/// own words.
@MainActor
final class CashRegisterCounter {
    /// The register; it starts with no funds.
    let register: CashRegister
    /// The costs added since the last accepted payment.
    private(set) var items: [Decimal] = []
    /// The change of the last accepted payment.
    private(set) var change: Decimal?
    /// Why the last action failed.
    private(set) var error: String?

    init() {
        do {
            register = try CashRegister()
        } catch {
            preconditionFailure("A register with no funds cannot be refused, yet: \(error)")
        }
    }

    /// Adds an item costing `amount` (typed as `2.50`).
    func addItem(_ amount: String) {
        guard let cost = parse(amount) else { return }
        do {
            try register.addItem(cost)
            items.append(cost)
            change = nil
            error = nil
        } catch {
            self.error = error.description
        }
    }

    /// Pays `amount`; on success the items are cleared and the change is shown.
    func pay(_ amount: String) {
        guard let payment = parse(amount) else { return }
        do {
            change = try register.acceptCashPayment(payment)
            items = []
            error = nil
        } catch {
            self.error = error.description
        }
    }

    private func parse(_ amount: String) -> Decimal? {
        let trimmed = amount.trimmingCharacters(in: .whitespaces)
        guard let value = Decimal(string: trimmed, locale: Locale(identifier: "en_US_POSIX")), !trimmed.isEmpty,
            trimmed.allSatisfy({ $0.isNumber || $0 == "." || $0 == "-" })
        else {
            error = "\"\(amount)\" is not an amount: type a number such as 2.50."
            return nil
        }
        return value
    }
}
