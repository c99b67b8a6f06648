# textwrap: wrapping and filling text (CPython 3.13's textwrap interface, written here in
# Python as CPython's Lib/textwrap.py is; learnt from its behaviour, not copied).
#
# wrap(text, width) splits the text into chunks -- runs of whitespace, and words, where a
# word also breaks after a hyphen between letters ("long-" "winded") and around an em-dash
# ("--") between words -- then fills lines greedily: a line takes chunks while its length
# plus the indent stays <= width; a chunk longer than a whole line is cut (after a hyphen
# when one fits) if break_long_words, else stands on a line of its own. Whitespace at the
# line ends is dropped (drop_whitespace). With max_lines, the last line kept ends in the
# placeholder (" [...]"), dropping words until it fits (mirrors TextWrapper._wrap_chunks).
import re

_whitespace = "\t\n\x0b\x0c\r "


def _is_letter(c):
    return c.isalpha()


def _is_word_punct(c):
    return c.isalnum() or c == "_" or c in "!\"'&.,?"


def _split_word(word):
    # a run of non-whitespace: break after hyphens between letters and around em-dashes
    out = []
    start = 0
    i = 0
    n = len(word)
    while i < n:
        c = word[i]
        if c == "-" and i + 1 < n and word[i + 1] == "-":
            j = i
            while j < n and word[j] == "-":
                j += 1
            if i > start and _is_word_punct(word[i - 1]) and j < n and (word[j].isalnum() or word[j] == "_"):
                out.append(word[start:i])
                out.append(word[i:j])
                start = j
            i = j
            continue
        if c == "-" and i > start:
            before = word[start:i]
            two_letters = len(before) >= 2 and _is_letter(before[-1]) and _is_letter(before[-2])
            letter_dash_letter = (len(before) >= 3 and _is_letter(before[-1]) and before[-2] == "-"
                                  and _is_letter(before[-3]))
            rest = word[i + 1:]
            follows = (len(rest) >= 2 and _is_letter(rest[0]) and
                       (_is_letter(rest[1]) or (rest[1] == "-" and len(rest) >= 3 and _is_letter(rest[2]))))
            if (two_letters or letter_dash_letter) and follows:
                out.append(word[start:i + 1])
                start = i + 1
        i += 1
    if start < n:
        out.append(word[start:])
    return out


class TextWrapper:
    """Object for wrapping/filling text."""

    unicode_whitespace_trans = dict.fromkeys(map(ord, _whitespace), ord(" "))
    sentence_end_re = re.compile(r'[a-z][\.\!\?][\"\']?\Z')

    def __init__(self, width=70, initial_indent="", subsequent_indent="", expand_tabs=True,
                 replace_whitespace=True, fix_sentence_endings=False, break_long_words=True,
                 drop_whitespace=True, break_on_hyphens=True, tabsize=8, *, max_lines=None,
                 placeholder=" [...]"):
        self.width = width
        self.initial_indent = initial_indent
        self.subsequent_indent = subsequent_indent
        self.expand_tabs = expand_tabs
        self.replace_whitespace = replace_whitespace
        self.fix_sentence_endings = fix_sentence_endings
        self.break_long_words = break_long_words
        self.drop_whitespace = drop_whitespace
        self.break_on_hyphens = break_on_hyphens
        self.tabsize = tabsize
        self.max_lines = max_lines
        self.placeholder = placeholder

    def _munge_whitespace(self, text):
        if self.expand_tabs:
            text = text.expandtabs(self.tabsize)
        if self.replace_whitespace:
            text = "".join(" " if c in _whitespace else c for c in text)
        return text

    def _split(self, text):
        chunks = []
        i = 0
        n = len(text)
        while i < n:
            j = i
            ws = text[i] in _whitespace
            while j < n and (text[j] in _whitespace) == ws:
                j += 1
            run = text[i:j]
            if ws or not self.break_on_hyphens:
                chunks.append(run)
            else:
                chunks.extend(_split_word(run))
            i = j
        return [c for c in chunks if c]

    def _fix_sentence_endings(self, chunks):
        i = 0
        while i < len(chunks) - 1:
            if chunks[i + 1] == " " and self.sentence_end_re.search(chunks[i]):
                chunks[i + 1] = "  "
                i += 2
            else:
                i += 1

    def _handle_long_word(self, reversed_chunks, cur_line, cur_len, width):
        space_left = 1 if width < 1 else width - cur_len
        if self.break_long_words:
            end = space_left
            chunk = reversed_chunks[-1]
            if self.break_on_hyphens and len(chunk) > space_left:
                hyphen = chunk.rfind("-", 0, space_left)
                if hyphen > 0 and any(c != "-" for c in chunk[:hyphen]):
                    end = hyphen + 1
            cur_line.append(chunk[:end])
            reversed_chunks[-1] = chunk[end:]
        elif not cur_line:
            cur_line.append(reversed_chunks.pop())

    def _wrap_chunks(self, chunks):
        lines = []
        if self.width <= 0:
            raise ValueError("invalid width %r (must be > 0)" % self.width)
        if self.max_lines is not None:
            indent = self.subsequent_indent if self.max_lines > 1 else self.initial_indent
            if len(indent) + len(self.placeholder.lstrip()) > self.width:
                raise ValueError("placeholder too large for max width")
        chunks.reverse()
        while chunks:
            cur_line = []
            cur_len = 0
            indent = self.subsequent_indent if lines else self.initial_indent
            width = self.width - len(indent)
            if self.drop_whitespace and chunks[-1].strip() == "" and lines:
                del chunks[-1]
            while chunks:
                size = len(chunks[-1])
                if cur_len + size <= width:
                    cur_line.append(chunks.pop())
                    cur_len += size
                else:
                    break
            if chunks and len(chunks[-1]) > width:
                self._handle_long_word(chunks, cur_line, cur_len, width)
                cur_len = sum(map(len, cur_line))
            if self.drop_whitespace and cur_line and cur_line[-1].strip() == "":
                cur_len -= len(cur_line[-1])
                del cur_line[-1]
            if cur_line:
                last_fits = (not chunks or self.drop_whitespace and len(chunks) == 1 and not chunks[0].strip())
                if (self.max_lines is None or len(lines) + 1 < self.max_lines or
                        last_fits and cur_len <= width):
                    lines.append(indent + "".join(cur_line))
                else:
                    while cur_line:
                        if cur_line[-1].strip() and cur_len + len(self.placeholder) <= width:
                            cur_line.append(self.placeholder)
                            lines.append(indent + "".join(cur_line))
                            break
                        cur_len -= len(cur_line[-1])
                        del cur_line[-1]
                    else:
                        if lines:
                            prev_line = lines[-1].rstrip()
                            if len(prev_line) + len(self.placeholder) <= self.width:
                                lines[-1] = prev_line + self.placeholder
                                break
                        lines.append(indent + self.placeholder.lstrip())
                    break
        return lines

    def _split_chunks(self, text):
        text = self._munge_whitespace(text)
        return self._split(text)

    def wrap(self, text):
        chunks = self._split_chunks(text)
        if self.fix_sentence_endings:
            self._fix_sentence_endings(chunks)
        return self._wrap_chunks(chunks)

    def fill(self, text):
        return "\n".join(self.wrap(text))


def wrap(text, width=70, **kwargs):
    return TextWrapper(width=width, **kwargs).wrap(text)


def fill(text, width=70, **kwargs):
    return TextWrapper(width=width, **kwargs).fill(text)


def shorten(text, width, **kwargs):
    w = TextWrapper(width=width, max_lines=1, **kwargs)
    return w.fill(" ".join(text.strip().split()))


def dedent(text):
    """Remove any common leading whitespace from every line in `text`."""
    lines = text.split("\n")
    margin = None
    for line in lines:
        stripped = line.lstrip(" \t")
        if not stripped:
            continue
        indent = line[:len(line) - len(stripped)]
        if margin is None:
            margin = indent
        elif indent.startswith(margin):
            pass
        elif margin.startswith(indent):
            margin = indent
        else:
            k = 0
            while k < len(margin) and k < len(indent) and margin[k] == indent[k]:
                k += 1
            margin = margin[:k]
    out = []
    for line in lines:
        if not line.lstrip(" \t"):
            out.append("")
        elif margin:
            out.append(line[len(margin):])
        else:
            out.append(line)
    return "\n".join(out)


def indent(text, prefix, predicate=None):
    """Add 'prefix' to the beginning of selected lines in 'text'."""
    out = []
    for line in text.splitlines(True):
        if (predicate(line) if predicate is not None else line.strip()):
            out.append(prefix + line)
        else:
            out.append(line)
    return "".join(out)
