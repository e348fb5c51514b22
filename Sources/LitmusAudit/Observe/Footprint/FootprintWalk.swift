/// The call graph of ``StaticFootprints`` numbered for the walk each test's footprint takes: declarations, places of
/// shared state and states by number instead of by USR and by value. Hashing the USRs (long strings) and the states
/// at every step was most of the time `--static-footprints` took (GraphQL 4.3.0: 881 walks over one graph).
struct FootprintWalk: Sendable {
    /// Each declaration's number, by USR.
    private let number: [String: Int]
    /// By declaration: the declarations its code reaches, the places (indices into ``places``) in it, and the code
    /// it calls that the graph does not read.
    private let next: [[Int]]
    private let placed: [[Int]]
    private let unread: [[StaticFootprints.Unread]]
    /// Every distinct place, and the number of the state each one touches.
    private let places: [StateAccess]
    private let stateOf: [Int]
    private let stateCount: Int
    /// The places of the dependencies' sources (indices into ``places``), which a call into one reaches.
    private let dependencyPlaces: [Int]

    /// The walk of `successors`, with the places `accesses` of each declaration, what each calls that `unread`
    /// names, and the places of the dependencies.
    init(
        successors: [String: [String]], accesses: [String: [StateAccess]],
        unread: [String: Set<StaticFootprints.Unread>], dependencyPlaces: [StateAccess]
    ) {
        var all = Set(successors.keys).union(accesses.keys).union(unread.keys)
        for targets in successors.values { all.formUnion(targets) }
        let number = Dictionary(uniqueKeysWithValues: all.sorted().enumerated().map { ($1, $0) })
        var next: [[Int]] = Array(repeating: [], count: number.count)
        for (owner, targets) in successors { next[number[owner]!] = targets.compactMap { number[$0] } }
        var places: [StateAccess] = []
        var placeNumber: [StateAccess: Int] = [:]
        var states: [SharedState: Int] = [:]
        var stateOf: [Int] = []
        func place(_ access: StateAccess) -> Int {
            if let known = placeNumber[access] { return known }
            placeNumber[access] = places.count
            places.append(access)
            if states[access.state] == nil { states[access.state] = states.count }
            stateOf.append(states[access.state]!)
            return places.count - 1
        }
        var placed: [[Int]] = Array(repeating: [], count: number.count)
        for (usr, found) in accesses { placed[number[usr]!] = found.map(place) }
        var missing: [[StaticFootprints.Unread]] = Array(repeating: [], count: number.count)
        for (usr, calls) in unread { missing[number[usr]!] = Array(calls) }
        self.dependencyPlaces = dependencyPlaces.map(place)
        self.number = number
        self.next = next
        self.placed = placed
        self.unread = missing
        self.places = places
        self.stateOf = stateOf
        self.stateCount = states.count
    }

    /// The places of the code reached from `roots`, each state once (reading and writing as any of its places do, at
    /// the first place the walk met), with the dependencies' when it calls into one; and the modules it calls into that
    /// were not read.
    func footprint(from roots: [String]) -> (places: [StateAccess], unreadModules: Set<String>) {
        var seen = [Bool](repeating: false, count: next.count)
        var pending = roots.compactMap { number[$0] }
        var found: [StateAccess] = []
        var slot = [Int](repeating: -1, count: stateCount)
        var missing: Set<StaticFootprints.Unread> = []
        func add(_ index: Int) {
            let state = stateOf[index]
            let access = places[index]
            if slot[state] < 0 {
                slot[state] = found.count
                found.append(access)
            } else {
                found[slot[state]].reads = found[slot[state]].reads || access.reads
                found[slot[state]].writes = found[slot[state]].writes || access.writes
            }
        }
        while let node = pending.popLast() {
            guard !seen[node] else { continue }
            seen[node] = true
            placed[node].forEach(add)
            missing.formUnion(unread[node])
            pending += next[node].filter { !seen[$0] }
        }
        if missing.contains(.dependency) { dependencyPlaces.forEach(add) }
        let modules = missing.compactMap { unread -> String? in
            if case .module(let module) = unread { return module }
            return nil
        }
        return (found, Set(modules))
    }
}
