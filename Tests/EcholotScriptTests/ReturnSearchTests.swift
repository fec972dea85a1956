import Testing
@testable import EcholotScript

/// Finding the `return` that gave a handler's refused result in its text: Lua's own block
/// rules, with strings and comments skipped, so a message never stands at a word that only
/// looks like a `return`.
@Suite struct ReturnSearchTests {
    /// The line and column of the value `return` of the function on lines `first`…`last`.
    func place(_ source: String, _ first: Int, _ last: Int) -> (line: Int, column: Int)? {
        let text = Array(source.utf8)
        return LuaKeySearch.offset(ofValueReturnInFunctionFrom: first, to: last, in: text).map {
            let position = LuaKeySearch.position(ofOffset: $0, in: text)
            return (position.line, position.column)
        }
    }

    @Test func blocksOfEveryKindAreSkippedOver() {
        let source = """
            local f = function(goal, action)
              for i = 1, 3 do if i == 2 then goal.n = i end end
              while false do end
              repeat local x = 1 until true
              do local y = 2 end
              if action.skip then return elseif action.none then return nil else return end
              return { id = goal.id }
            end
            """
        #expect(place(source, 1, 8)! == (7, 3))
    }

    @Test func wordsInStringsAndCommentsAreNotCode() {
        let source = """
            local f = function(goal)
              -- return 1 end
              local s = "return 2 end" .. [[ end return ]]
              --[==[ end
              return 3 ]==]
              return s
            end
            """
        #expect(place(source, 1, 7)! == (6, 3))
    }

    @Test func aNestedFunctionsReturnsAreItsOwn() {
        let source = """
            local f = function(goal)
              local g = function() return 1 end
              table.sort(goal.list, function(a, b) return a < b end)
              return g()
            end
            """
        #expect(place(source, 1, 5)! == (4, 3))
    }

    /// Two value returns, none, or a function that does not end on `last`: no place.
    @Test func whatTheTextCannotTellIsNotGuessed() {
        let two = "local f = function(x)\n  if x then return 1 end\n  return 2\nend\n"
        #expect(place(two, 1, 4) == nil)
        let none = "local f = function(x)\n  x.n = 1\nend\n"
        #expect(place(none, 1, 3) == nil)
        #expect(place("local f = function(x) return 1 end\n", 1, 2) == nil)
        #expect(place("local x = 1\n", 1, 1) == nil)
        // Two handlers on one line: Lua's line cannot say which failed.
        #expect(place("on = { a = function(f) return f end, b = function(f) return 1 end }\n", 1, 1) == nil)
    }
}
