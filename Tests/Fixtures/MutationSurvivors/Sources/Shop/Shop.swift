/// Whether a customer may buy age-restricted goods.
public func isAdult(age: Int) -> Bool {
    age >= 18
}

/// The price of `quantity` items.
public func total(price: Int, quantity: Int) -> Int {
    price * quantity
}

/// The discount, in percent, for an order's total.
public func discount(for total: Int) -> Int {
    if total > 100 { return 10 }
    return 0
}

/// A customer's name for the receipt.
public func receiptName(_ name: String?) -> String {
    name ?? "Guest"
}

/// A cart that counts what is added and keeps what it holds.
public final class Cart {
    public private(set) var count = 0
    public private(set) var items: [String] = []

    public init() {}

    public func add(_ item: String) {
        count += 1
        items.append(item)
    }
}
