// Package javaregex reproduces java.util.regex (no flags) far enough for
// Java's String.split(regex): the resolvers of MACHINE_ROOM_NEARBY split
// broker names and client IDs on a separator that Java compiles as a
// regular expression.
//
// Go's regexp (RE2) means something else for several constructs ($ before
// a final line terminator, . and line terminators, \s and \v, \Q..\E, class
// unions and intersections, lookaround, backreferences, possessive
// quantifiers), so this package has its own parser, following the grammar
// of java.util.regex.Pattern, and a backtracking matcher over UTF-16 code
// units like Java's. Constructs whose Java meaning it does not reproduce are
// refused with an *UnsupportedError naming them; patterns Java rejects give
// a *SyntaxError (Java's PatternSyntaxException).
//
// Not reproduced: inline flags (?i) etc., \p{..}/\P{..} properties, \N{..},
// \X and \b{g} graphemes, \b and \B (their meaning differs between JDK
// versions), and look-behind groups containing a supplementary character.
package javaregex
