# argparse: command-line parsing (CPython 3.13's argparse interface, written here in Python
# as CPython's Lib/argparse.py is; learnt from its behaviour, not copied).
#
# Parsing, as CPython does it: each argument string is classified 'O' (an option string
# this parser knows, or looks like one), 'A' (an argument) or '-' (the '--' separator),
# making a pattern such as 'AOAA'. Each action's nargs is a regular expression over that
# pattern (None: 'A', '?': 'A?', '*': '[A-]*', '+': 'A[A-]*', N: 'A' N times, REMAINDER:
# '[-AO]*'). The parser walks the pattern: before each option it hands as many positionals
# as can match the run of 'A's (the longest prefix of the positional actions whose joined
# expressions match, each greedily), then the option takes what its own expression matches.
# Help is laid out in columns: invocations indented 2, help text at column
# min(longest invocation + 4, 24) wrapped to the width (COLUMNS, else 80, minus 2); usage
# wraps after 'usage: prog ' with the optionals first and the positionals on new lines.
import os as _os
import re as _re
import sys as _sys

SUPPRESS = '==SUPPRESS=='
OPTIONAL = '?'
ZERO_OR_MORE = '*'
ONE_OR_MORE = '+'
PARSER = 'A...'
REMAINDER = '...'


def ngettext(singular, plural, n):
    return singular if n == 1 else plural


class _AttributeHolder(object):
    def __repr__(self):
        parts = [repr(a) for a in self._get_args()]
        star = {}
        for name, value in self._get_kwargs():
            if name.isidentifier():
                parts.append('%s=%r' % (name, value))
            else:
                star[name] = value
        if star:
            parts.append('**%s' % repr(star))
        return '%s(%s)' % (type(self).__name__, ', '.join(parts))

    def _get_kwargs(self):
        return list(self.__dict__.items())

    def _get_args(self):
        return []


class Namespace(_AttributeHolder):
    def __init__(self, **kwargs):
        for name in kwargs:
            setattr(self, name, kwargs[name])

    def __eq__(self, other):
        if not isinstance(other, Namespace):
            return NotImplemented
        return vars(self) == vars(other)

    def __contains__(self, key):
        return key in self.__dict__


class ArgumentError(Exception):
    def __init__(self, argument, message):
        self.argument_name = _get_action_name(argument)
        self.message = message

    def __str__(self):
        if self.argument_name is None:
            return self.message
        return 'argument %s: %s' % (self.argument_name, self.message)


class ArgumentTypeError(Exception):
    pass


def _get_action_name(argument):
    if argument is None:
        return None
    if argument.option_strings:
        return '/'.join(argument.option_strings)
    if argument.metavar not in (None, SUPPRESS):
        m = argument.metavar
        if not isinstance(m, tuple):
            return m
        if argument.nargs == ZERO_OR_MORE and len(m) == 2 or argument.nargs == ONE_OR_MORE:
            return '%s[, %s]' % m
        return ', '.join(m)
    if argument.dest not in (None, SUPPRESS):
        return argument.dest
    if argument.choices:
        return '{' + ','.join(argument.choices) + '}'
    return None


# ---------------------------------------------------------------- help formatting
class HelpFormatter(object):
    def __init__(self, prog, indent_increment=2, max_help_position=24, width=None):
        if width is None:
            try:
                width = int(_os.environ['COLUMNS'])
            except (KeyError, ValueError):
                width = 80
            width -= 2
        self._prog = prog
        self._indent_increment = indent_increment
        self._max_help_position = min(max_help_position, max(width - 20, indent_increment * 2))
        self._width = width
        self._items = []  # (kind, payload) for the section being built
        self._sections = []
        self._action_max_length = 0

    # the document: usage, texts and sections, each a function of the final column widths
    def start_section(self, heading):
        self._sections.append((heading, self._items))
        self._items = []

    def end_section(self):
        heading, outer = self._sections.pop()
        outer.append(('section', (heading, self._items)))
        self._items = outer

    def add_text(self, text):
        if text is not SUPPRESS and text is not None:
            self._items.append(('text', text))

    def add_usage(self, usage, actions, groups, prefix=None):
        if usage is not SUPPRESS:
            self._items.append(('usage', (usage, actions, groups, prefix)))

    def add_argument(self, action):
        if action.help is not SUPPRESS:
            inv = [self._format_action_invocation(action)]
            for sub in self._iter_indented_subactions(action):
                inv.append(self._format_action_invocation(sub))
            depth = len(self._sections)
            length = max(len(s) for s in inv) + (depth + 0) * self._indent_increment
            self._action_max_length = max(self._action_max_length, length)
            self._items.append(('action', action))

    def add_arguments(self, actions):
        for action in actions:
            self.add_argument(action)

    def format_help(self):
        self._help_position = min(self._action_max_length + 2, self._max_help_position)
        out = self._render(self._items, 0)
        out = _re.sub(r'\n\n\n+', '\n\n', out)
        return out.strip('\n') + '\n' if out else ''

    def _render(self, items, indent):
        parts = []
        for kind, payload in items:
            if kind == 'text':
                parts.append(self._format_text(payload, indent))
            elif kind == 'usage':
                parts.append(self._format_usage(*payload))
            elif kind == 'action':
                parts.append(self._format_action(payload, indent))
            else:
                heading, sub = payload
                body = self._render(sub, indent + self._indent_increment)
                if not body:
                    continue
                head = '%*s%s:\n' % (indent, '', heading) if heading is not SUPPRESS and heading is not None else ''
                parts.append('\n' + head + body + '\n')
        return ''.join(parts)

    def _format_usage(self, usage, actions, groups, prefix):
        if prefix is None:
            prefix = 'usage: '
        if usage is not None:
            usage = usage % dict(prog=self._prog)
        elif not actions:
            usage = '%(prog)s' % dict(prog=self._prog)
        else:
            prog = '%(prog)s' % dict(prog=self._prog)
            opt_parts, pos_parts = self._usage_parts(actions, groups)
            usage = ' '.join([prog] + opt_parts + pos_parts)
            text_width = self._width
            if len(prefix) + len(usage) > text_width:
                def lines_of(parts, indent, prefix=None):
                    lines, line = [], []
                    n = len(prefix) - 1 if prefix is not None else len(indent) - 1
                    for part in parts:
                        if n + 1 + len(part) > text_width and line:
                            lines.append(indent + ' '.join(line))
                            line, n = [], len(indent) - 1
                        line.append(part)
                        n += len(part) + 1
                    if line:
                        lines.append(indent + ' '.join(line))
                    if prefix is not None:
                        lines[0] = lines[0][len(indent):]
                    return lines
                if len(prefix) + len(prog) <= 0.75 * text_width:
                    indent = ' ' * (len(prefix) + len(prog) + 1)
                    if opt_parts:
                        lines = lines_of([prog] + opt_parts, indent, prefix)
                        lines.extend(lines_of(pos_parts, indent))
                    elif pos_parts:
                        lines = lines_of([prog] + pos_parts, indent, prefix)
                    else:
                        lines = [prog]
                else:
                    indent = ' ' * len(prefix)
                    lines = lines_of(opt_parts + pos_parts, indent)
                    if len(lines) > 1:
                        lines = lines_of(opt_parts, indent) + lines_of(pos_parts, indent)
                    lines = [prog] + lines
                usage = '\n'.join(lines)
        return '%s%s\n\n' % (prefix, usage)

    def _usage_parts(self, actions, groups):
        # each action's usage text; a mutually exclusive group's members joined by ' | '
        in_group = {}
        for g in groups:
            members = [a for a in g._group_actions if a.help is not SUPPRESS]
            if members and all(a in actions for a in g._group_actions):
                in_group[members[0]] = (g, members)
                for a in members[1:]:
                    in_group[a] = None
        opt, pos = [], []
        for a in actions:
            if a.help is SUPPRESS or (a in in_group and in_group[a] is None):
                continue
            if a in in_group:
                g, members = in_group[a]
                inner = ' | '.join(self._action_usage(m, True) for m in members)
                text = ('(%s)' if g.required else '[%s]') % inner if len(members) > 1 or not g.required else inner
                (opt if a.option_strings else pos).append(text)
            else:
                (opt if a.option_strings else pos).append(self._action_usage(a, False))
        return opt, pos

    def _action_usage(self, a, grouped):
        if not a.option_strings:
            part = self._format_args(a, self._get_default_metavar_for_positional(a))
            if grouped and part[:1] == '[' and part[-1:] == ']':
                part = part[1:-1]
            return part
        option = a.option_strings[0]
        if a.nargs == 0:
            part = a.format_usage()
        else:
            part = '%s %s' % (option, self._format_args(a, self._get_default_metavar_for_optional(a)))
        if not a.required and not grouped:
            part = '[%s]' % part
        return part

    def _format_text(self, text, indent):
        if '%(prog)' in text:
            text = text % dict(prog=self._prog)
        width = max(self._width - indent, 11)
        return self._fill_text(text, width, ' ' * indent) + '\n\n'

    def _format_action(self, action, indent):
        help_position = min(self._help_position, self._max_help_position)
        help_width = max(self._width - help_position, 11)
        action_width = help_position - indent - 2
        header = self._format_action_invocation(action)
        if not action.help:
            out = ['%*s%s\n' % (indent, '', header)]
        elif len(header) <= action_width:
            out = ['%*s%-*s  ' % (indent, '', action_width, header)]
            first = True
        else:
            out = ['%*s%s\n' % (indent, '', header)]
            first = False
        if action.help and action.help.strip():
            lines = self._split_lines(self._expand_help(action), help_width)
            if lines:
                if first:
                    out.append('%s\n' % lines[0])
                    lines = lines[1:]
                for line in lines:
                    out.append('%*s%s\n' % (help_position, '', line))
        elif out[0][-1:] != '\n':
            out.append('\n')
        for sub in self._iter_indented_subactions(action):
            out.append(self._format_action(sub, indent + self._indent_increment))
        return ''.join(out)

    def _format_action_invocation(self, action):
        if not action.option_strings:
            return ' '.join(self._metavar_formatter(action, self._get_default_metavar_for_positional(action))(1))
        if action.nargs == 0:
            return ', '.join(action.option_strings)
        return ', '.join(action.option_strings) + ' ' + \
            self._format_args(action, self._get_default_metavar_for_optional(action))

    def _metavar_formatter(self, action, default_metavar):
        if action.metavar is not None:
            result = action.metavar
        elif action.choices is not None:
            result = '{%s}' % ','.join(map(str, action.choices))
        else:
            result = default_metavar

        def fmt(size):
            return result if isinstance(result, tuple) else (result,) * size
        return fmt

    def _format_args(self, action, default_metavar):
        mv = self._metavar_formatter(action, default_metavar)
        n = action.nargs
        if n is None:
            return '%s' % mv(1)
        if n == OPTIONAL:
            return '[%s]' % mv(1)
        if n == ZERO_OR_MORE:
            m = mv(1)
            return '[%s [%s ...]]' % mv(2) if len(m) == 2 else '[%s ...]' % m
        if n == ONE_OR_MORE:
            return '%s [%s ...]' % mv(2)
        if n == REMAINDER:
            return '...'
        if n == PARSER:
            return '%s ...' % mv(1)
        if n == SUPPRESS:
            return ''
        try:
            return ' '.join(['%s'] * n) % mv(n)
        except TypeError:
            raise ValueError('invalid nargs value') from None

    def _expand_help(self, action):
        params = dict(vars(action), prog=self._prog)
        for name in list(params):
            if params[name] is SUPPRESS:
                del params[name]
        for name in list(params):
            if hasattr(params[name], '__name__'):
                params[name] = params[name].__name__
        if params.get('choices') is not None:
            params['choices'] = ', '.join([str(c) for c in params['choices']])
        return self._get_help_string(action) % params

    def _iter_indented_subactions(self, action):
        get = getattr(action, '_get_subactions', None)
        return get() if get else []

    def _split_lines(self, text, width):
        import textwrap
        text = _re.sub(r'\s+', ' ', text).strip()
        return textwrap.wrap(text, width)

    def _fill_text(self, text, width, indent):
        import textwrap
        text = _re.sub(r'\s+', ' ', text).strip()
        return textwrap.fill(text, width, initial_indent=indent, subsequent_indent=indent)

    def _get_help_string(self, action):
        return action.help

    def _get_default_metavar_for_optional(self, action):
        return action.dest.upper()

    def _get_default_metavar_for_positional(self, action):
        return action.dest


class RawDescriptionHelpFormatter(HelpFormatter):
    def _fill_text(self, text, width, indent):
        return ''.join(indent + line for line in text.splitlines(keepends=True))


class RawTextHelpFormatter(RawDescriptionHelpFormatter):
    def _split_lines(self, text, width):
        return text.splitlines()


class ArgumentDefaultsHelpFormatter(HelpFormatter):
    def _get_help_string(self, action):
        help = action.help
        if help is None:
            help = ''
        if '%(default)' not in help and action.default is not SUPPRESS:
            if action.option_strings or action.nargs in (OPTIONAL, ZERO_OR_MORE):
                help += ' (default: %(default)s)'
        return help


class MetavarTypeHelpFormatter(HelpFormatter):
    def _get_default_metavar_for_optional(self, action):
        return action.type.__name__

    def _get_default_metavar_for_positional(self, action):
        return action.type.__name__


# ---------------------------------------------------------------- actions
class Action(_AttributeHolder):
    def __init__(self, option_strings, dest, nargs=None, const=None, default=None, type=None, choices=None,
                 required=False, help=None, metavar=None, deprecated=False):
        self.option_strings = option_strings
        self.dest = dest
        self.nargs = nargs
        self.const = const
        self.default = default
        self.type = type
        self.choices = choices
        self.required = required
        self.help = help
        self.metavar = metavar
        self.deprecated = deprecated

    def _get_kwargs(self):
        names = ['option_strings', 'dest', 'nargs', 'const', 'default', 'type', 'choices', 'required', 'help',
                 'metavar', 'deprecated']
        return [(name, getattr(self, name)) for name in names]

    def format_usage(self):
        return self.option_strings[0]

    def __call__(self, parser, namespace, values, option_string=None):
        raise NotImplementedError('.__call__() not defined')


class BooleanOptionalAction(Action):
    def __init__(self, option_strings, dest, default=None, required=False, help=None, deprecated=False):
        strings = []
        for s in option_strings:
            strings.append(s)
            if s.startswith('--'):
                if s.startswith('--no-'):
                    raise ValueError('invalid option name %r for BooleanOptionalAction' % s)
                strings.append('--no-' + s[2:])
        super().__init__(strings, dest, nargs=0, default=default, required=required, help=help,
                         deprecated=deprecated)

    def __call__(self, parser, namespace, values, option_string=None):
        if option_string in self.option_strings:
            setattr(namespace, self.dest, not option_string.startswith('--no-'))

    def format_usage(self):
        return ' | '.join(self.option_strings)


class _StoreAction(Action):
    def __init__(self, option_strings, dest, nargs=None, const=None, default=None, type=None, choices=None,
                 required=False, help=None, metavar=None, deprecated=False):
        if nargs == 0:
            raise ValueError('nargs for store actions must be != 0; if you have nothing to store, actions such as '
                             'store true or store const may be more appropriate')
        if const is not None and nargs != OPTIONAL:
            raise ValueError('nargs must be %r to supply const' % OPTIONAL)
        super().__init__(option_strings, dest, nargs, const, default, type, choices, required, help, metavar,
                         deprecated)

    def __call__(self, parser, namespace, values, option_string=None):
        setattr(namespace, self.dest, values)


class _StoreConstAction(Action):
    def __init__(self, option_strings, dest, const=None, default=None, required=False, help=None, metavar=None,
                 deprecated=False):
        super().__init__(option_strings, dest, 0, const, default, required=required, help=help,
                         deprecated=deprecated)

    def __call__(self, parser, namespace, values, option_string=None):
        setattr(namespace, self.dest, self.const)


class _StoreTrueAction(_StoreConstAction):
    def __init__(self, option_strings, dest, default=False, required=False, help=None, deprecated=False):
        super().__init__(option_strings, dest, True, default, required, help, deprecated=deprecated)


class _StoreFalseAction(_StoreConstAction):
    def __init__(self, option_strings, dest, default=True, required=False, help=None, deprecated=False):
        super().__init__(option_strings, dest, False, default, required, help, deprecated=deprecated)


class _AppendAction(Action):
    def __init__(self, option_strings, dest, nargs=None, const=None, default=None, type=None, choices=None,
                 required=False, help=None, metavar=None, deprecated=False):
        if nargs == 0:
            raise ValueError('nargs for append actions must be != 0; if arg strings are not supplying the value '
                             'to append, the append const action may be more appropriate')
        if const is not None and nargs != OPTIONAL:
            raise ValueError('nargs must be %r to supply const' % OPTIONAL)
        super().__init__(option_strings, dest, nargs, const, default, type, choices, required, help, metavar,
                         deprecated)

    def __call__(self, parser, namespace, values, option_string=None):
        items = getattr(namespace, self.dest, None)
        items = [] if items is None else list(items)
        items.append(values)
        setattr(namespace, self.dest, items)


class _AppendConstAction(Action):
    def __init__(self, option_strings, dest, const=None, default=None, required=False, help=None, metavar=None,
                 deprecated=False):
        super().__init__(option_strings, dest, 0, const, default, required=required, help=help, metavar=metavar,
                         deprecated=deprecated)

    def __call__(self, parser, namespace, values, option_string=None):
        items = getattr(namespace, self.dest, None)
        items = [] if items is None else list(items)
        items.append(self.const)
        setattr(namespace, self.dest, items)


class _CountAction(Action):
    def __init__(self, option_strings, dest, default=None, required=False, help=None, deprecated=False):
        super().__init__(option_strings, dest, 0, default=default, required=required, help=help,
                         deprecated=deprecated)

    def __call__(self, parser, namespace, values, option_string=None):
        count = getattr(namespace, self.dest, None)
        setattr(namespace, self.dest, (count or 0) + 1)


class _HelpAction(Action):
    def __init__(self, option_strings, dest=SUPPRESS, default=SUPPRESS, help=None, deprecated=False):
        super().__init__(option_strings, dest, 0, default=default, help=help, deprecated=deprecated)

    def __call__(self, parser, namespace, values, option_string=None):
        parser.print_help()
        parser.exit()


class _VersionAction(Action):
    def __init__(self, option_strings, version=None, dest=SUPPRESS, default=SUPPRESS,
                 help="show program's version number and exit", deprecated=False):
        super().__init__(option_strings, dest, 0, default=default, help=help, deprecated=deprecated)
        self.version = version

    def __call__(self, parser, namespace, values, option_string=None):
        formatter = parser._get_formatter()
        formatter.add_text(self.version if self.version is not None else parser.version)
        parser._print_message(formatter.format_help(), _sys.stdout)
        parser.exit()


class _ExtendAction(_AppendAction):
    def __call__(self, parser, namespace, values, option_string=None):
        items = getattr(namespace, self.dest, None)
        items = [] if items is None else list(items)
        items.extend(values)
        setattr(namespace, self.dest, items)


class _SubParsersAction(Action):
    class _ChoicesPseudoAction(Action):
        def __init__(self, name, aliases, help):
            metavar = dest = name
            if aliases:
                metavar += ' (%s)' % ', '.join(aliases)
            super().__init__([], dest, help=help, metavar=metavar)

    def __init__(self, option_strings, prog, parser_class, dest=SUPPRESS, required=False, help=None,
                 metavar=None):
        self._prog_prefix = prog
        self._parser_class = parser_class
        self._name_parser_map = {}
        self._choices_actions = []
        super().__init__(option_strings, dest, PARSER, choices=self._name_parser_map, required=required,
                         help=help, metavar=metavar)

    def add_parser(self, name, **kwargs):
        if kwargs.get('prog') is None:
            kwargs['prog'] = '%s %s' % (self._prog_prefix, name)
        aliases = kwargs.pop('aliases', ())
        if name in self._name_parser_map:
            raise ArgumentError(self, 'conflicting subparser: %s' % name)
        if 'help' in kwargs:
            self._choices_actions.append(self._ChoicesPseudoAction(name, aliases, kwargs.pop('help')))
        parser = self._parser_class(**kwargs)
        self._name_parser_map[name] = parser
        for alias in aliases:
            self._name_parser_map[alias] = parser
        return parser

    def _get_subactions(self):
        return self._choices_actions

    def __call__(self, parser, namespace, values, option_string=None):
        name, args = values[0], values[1:]
        if self.dest is not SUPPRESS:
            setattr(namespace, self.dest, name)
        try:
            sub = self._name_parser_map[name]
        except KeyError:
            raise ArgumentError(self, 'unknown parser %r (choices: %s)' % (name, ', '.join(self._name_parser_map)))
        subns, extras = sub.parse_known_args(args, None)
        for key, value in vars(subns).items():
            setattr(namespace, key, value)
        if extras:
            namespace.__dict__.setdefault('_UNRECOGNIZED_ARGS_ATTR', [])
            namespace._UNRECOGNIZED_ARGS_ATTR.extend(extras)


class FileType(object):
    def __init__(self, mode='r', bufsize=-1, encoding=None, errors=None):
        self._mode, self._bufsize, self._encoding, self._errors = mode, bufsize, encoding, errors

    def __call__(self, string):
        if string == '-':
            if 'r' in self._mode:
                return _sys.stdin
            if any(c in self._mode for c in 'wax'):
                return _sys.stdout
            raise ValueError('argument "-" with mode %r' % self._mode)
        try:
            return open(string, self._mode, self._bufsize, self._encoding, self._errors)
        except OSError as e:
            raise ArgumentTypeError("can't open '%s': %s" % (string, e))

    def __repr__(self):
        args = [self._mode, self._bufsize]
        kwargs = [('encoding', self._encoding), ('errors', self._errors)]
        s = ', '.join([repr(a) for a in args if a != -1] + ['%s=%r' % (k, v) for k, v in kwargs if v is not None])
        return '%s(%s)' % (type(self).__name__, s)


# ---------------------------------------------------------------- containers and the parser
_ACTIONS = {None: _StoreAction, 'store': _StoreAction, 'store_const': _StoreConstAction,
            'store_true': _StoreTrueAction, 'store_false': _StoreFalseAction, 'append': _AppendAction,
            'append_const': _AppendConstAction, 'count': _CountAction, 'help': _HelpAction,
            'version': _VersionAction, 'parsers': _SubParsersAction, 'extend': _ExtendAction}


class _ActionsContainer(object):
    def __init__(self, description, prefix_chars, argument_default, conflict_handler):
        self.description = description
        self.argument_default = argument_default
        self.prefix_chars = prefix_chars
        self.conflict_handler = conflict_handler
        self._registries = {'action': dict(_ACTIONS), 'type': {None: lambda x: x}}
        self._actions = []
        self._option_string_actions = {}
        self._action_groups = []
        self._mutually_exclusive_groups = []
        self._defaults = {}
        self._has_negative_number_optionals = []

    def register(self, registry_name, value, object):
        self._registries.setdefault(registry_name, {})[value] = object

    def _registry_get(self, registry_name, value, default=None):
        return self._registries[registry_name].get(value, default)

    def set_defaults(self, **kwargs):
        self._defaults.update(kwargs)
        for action in self._actions:
            if action.dest in kwargs:
                action.default = kwargs[action.dest]

    def get_default(self, dest):
        for action in self._actions:
            if action.dest == dest and action.default is not None:
                return action.default
        return self._defaults.get(dest, None)

    def add_argument(self, *args, **kwargs):
        chars = self.prefix_chars
        if not args or len(args) == 1 and args[0][0] not in chars:
            if args and 'dest' in kwargs:
                raise ValueError('dest supplied twice for positional argument')
            kwargs = self._get_positional_kwargs(*args, **kwargs)
        else:
            kwargs = self._get_optional_kwargs(*args, **kwargs)
        if 'default' not in kwargs:
            dest = kwargs['dest']
            if dest in self._defaults:
                kwargs['default'] = self._defaults[dest]
            elif self.argument_default is not None:
                kwargs['default'] = self.argument_default
        action_class = self._registry_get('action', kwargs.get('action'), kwargs.get('action'))
        if not callable(action_class):
            raise ValueError('unknown action "%s"' % (action_class,))
        action = action_class(**{k: v for k, v in kwargs.items() if k != 'action'})
        type_func = self._registry_get('type', action.type, action.type)
        if not callable(type_func):
            raise ValueError('%r is not callable' % (type_func,))
        if type_func is FileType:
            raise TypeError('%r is a FileType class object, instance of it must be passed' % (type_func,))
        if hasattr(self, '_get_formatter'):
            try:
                self._get_formatter()._format_args(action, None)
            except TypeError:
                raise ValueError('length of metavar tuple does not match nargs') from None
        return self._add_action(action)

    def add_argument_group(self, *args, **kwargs):
        group = _ArgumentGroup(self, *args, **kwargs)
        self._action_groups.append(group)
        return group

    def add_mutually_exclusive_group(self, **kwargs):
        group = _MutuallyExclusiveGroup(self, **kwargs)
        self._mutually_exclusive_groups.append(group)
        return group

    def _add_action(self, action):
        self._check_conflict(action)
        self._actions.append(action)
        action.container = self
        for s in action.option_strings:
            self._option_string_actions[s] = action
        for s in action.option_strings:
            if _re.match(r'^-\d+$|^-\d*\.\d+$', s) and not self._has_negative_number_optionals:
                self._has_negative_number_optionals.append(True)
        return action

    def _remove_action(self, action):
        self._actions.remove(action)

    def _add_container_actions(self, container):
        title_group_map = {}
        for group in self._action_groups:
            title_group_map[group.title] = group
        group_map = {}
        for group in container._action_groups:
            if group.title not in title_group_map:
                title_group_map[group.title] = self.add_argument_group(title=group.title,
                                                                       description=group.description,
                                                                       conflict_handler=group.conflict_handler)
            for action in group._group_actions:
                group_map[action] = title_group_map[group.title]
        for group in container._mutually_exclusive_groups:
            mutex = self.add_mutually_exclusive_group(required=group.required)
            for action in group._group_actions:
                group_map[action] = mutex
        for action in container._actions:
            group_map.get(action, self)._add_action(action)

    def _get_positional_kwargs(self, dest, **kwargs):
        if 'required' in kwargs:
            raise TypeError("'required' is an invalid argument for positionals")
        if kwargs.get('nargs') not in (OPTIONAL, ZERO_OR_MORE, REMAINDER, SUPPRESS, 0):
            kwargs['required'] = True
        return dict(kwargs, dest=dest, option_strings=[])

    def _get_optional_kwargs(self, *args, **kwargs):
        option_strings = []
        long_option_strings = []
        for s in args:
            if not s or s[0] not in self.prefix_chars:
                raise ValueError('invalid option string %(option)r: must start with a character %(prefix_chars)r'
                                 % {'option': s, 'prefix_chars': self.prefix_chars})
            option_strings.append(s)
            if len(s) > 1 and s[1] in self.prefix_chars:
                long_option_strings.append(s)
        dest = kwargs.pop('dest', None)
        if dest is None:
            dest_option_string = long_option_strings[0] if long_option_strings else option_strings[0]
            dest = dest_option_string.lstrip(self.prefix_chars)
            if not dest:
                raise ValueError('dest= is required for options like %r' % option_strings[0])
            dest = dest.replace('-', '_')
        return dict(kwargs, dest=dest, option_strings=option_strings)

    def _check_conflict(self, action):
        conflicts = [(s, self._option_string_actions[s]) for s in action.option_strings
                     if s in self._option_string_actions]
        if not conflicts:
            return
        if self.conflict_handler == 'resolve':
            for s, other in conflicts:
                other.option_strings.remove(s)
                self._option_string_actions.pop(s, None)
                if not other.option_strings:
                    other.container._remove_action(other)
            return
        raise ArgumentError(action, 'conflicting option string%s: %s' % ('s' if len(conflicts) > 1 else '',
                                                                          ', '.join(s for s, a in conflicts)))


class _ArgumentGroup(_ActionsContainer):
    def __init__(self, container, title=None, description=None, **kwargs):
        kwargs.setdefault('conflict_handler', container.conflict_handler)
        kwargs.setdefault('prefix_chars', container.prefix_chars)
        kwargs.setdefault('argument_default', container.argument_default)
        super().__init__(description=description, **kwargs)
        self.title = title
        self._group_actions = []
        self._registries = container._registries
        self._actions = container._actions
        self._option_string_actions = container._option_string_actions
        self._defaults = container._defaults
        self._has_negative_number_optionals = container._has_negative_number_optionals
        self._mutually_exclusive_groups = container._mutually_exclusive_groups
        self._container = container

    def _add_action(self, action):
        action = super()._add_action(action)
        self._group_actions.append(action)
        return action

    def _remove_action(self, action):
        super()._remove_action(action)
        self._group_actions.remove(action)

    def add_argument_group(self, *args, **kwargs):
        raise ValueError('argument groups cannot be nested')

    def _get_formatter(self):
        return self._container._get_formatter()


class _MutuallyExclusiveGroup(_ArgumentGroup):
    def __init__(self, container, required=False):
        super().__init__(container)
        self.required = required
        self._container = container

    def _add_action(self, action):
        if action.required:
            raise ValueError('mutually exclusive arguments must be optional')
        action = self._container._add_action(action)
        self._group_actions.append(action)
        return action

    def _remove_action(self, action):
        self._container._remove_action(action)
        self._group_actions.remove(action)

    def add_mutually_exclusive_group(self, *args, **kwargs):
        raise ValueError('mutually exclusive groups cannot be nested')


def _nargs_pattern(action):
    n = action.nargs
    if n is None:
        p = '(-*A-*)'
    elif n == OPTIONAL:
        p = '(-*A?-*)'
    elif n == ZERO_OR_MORE:
        p = '(-*[A-]*)'
    elif n == ONE_OR_MORE:
        p = '(-*A[A-]*)'
    elif n == REMAINDER:
        p = '([-AO]*)'
    elif n == PARSER:
        p = '(-*A[-AO]*)'
    elif n == SUPPRESS:
        p = '(-*-*)'
    else:
        p = '(-*%s-*)' % '-*'.join('A' * n)
    if action.option_strings:
        p = p.replace('-*', '').replace('-', '')
    return p


class ArgumentParser(_AttributeHolder, _ActionsContainer):
    def __init__(self, prog=None, usage=None, description=None, epilog=None, parents=[],
                 formatter_class=HelpFormatter, prefix_chars='-', fromfile_prefix_chars=None, argument_default=None,
                 conflict_handler='error', add_help=True, allow_abbrev=True, exit_on_error=True):
        super().__init__(description=description, prefix_chars=prefix_chars, argument_default=argument_default,
                         conflict_handler=conflict_handler)
        if prog is None:
            prog = _os.path.basename(_sys.argv[0]) if _sys.argv and _sys.argv[0] else 'python'
        self.prog = prog
        self.usage = usage
        self.epilog = epilog
        self.formatter_class = formatter_class
        self.fromfile_prefix_chars = fromfile_prefix_chars
        self.add_help = add_help
        self.allow_abbrev = allow_abbrev
        self.exit_on_error = exit_on_error
        self._positionals = self.add_argument_group('positional arguments')
        self._optionals = self.add_argument_group('options')
        self._subparsers = None
        self.register('type', None, lambda x: x)
        default_prefix = '-' if '-' in prefix_chars else prefix_chars[0]
        if self.add_help:
            self.add_argument(default_prefix + 'h', default_prefix * 2 + 'help', action='help', default=SUPPRESS,
                              help='show this help message and exit')
        for parent in parents:
            if not isinstance(parent, ArgumentParser):
                raise TypeError('parents must be a list of ArgumentParser')
            self._add_container_actions(parent)
            self._defaults.update(parent._defaults)

    def _get_kwargs(self):
        names = ['prog', 'usage', 'description', 'formatter_class', 'conflict_handler', 'add_help']
        return [(name, getattr(self, name)) for name in names]

    def add_subparsers(self, **kwargs):
        if self._subparsers is not None:
            raise ArgumentError(None, 'cannot have multiple subparser arguments')
        kwargs.setdefault('parser_class', type(self))
        if 'title' in kwargs or 'description' in kwargs:
            self._subparsers = self.add_argument_group(kwargs.pop('title', 'subcommands'),
                                                       kwargs.pop('description', None))
        else:
            self._subparsers = self._positionals
        if kwargs.get('prog') is None:
            formatter = self._get_formatter()
            positionals = [a for a in self._actions if not a.option_strings]
            formatter.add_usage(self.usage, positionals, self._mutually_exclusive_groups, '')
            kwargs['prog'] = formatter.format_help().strip()
        action = _SubParsersAction(option_strings=[], **{k: v for k, v in kwargs.items() if k != 'action'})
        self._subparsers._add_action(action)
        return action

    def _add_action(self, action):
        if action.option_strings:
            self._optionals._add_action(action)
        else:
            self._positionals._add_action(action)
        return action

    def _get_optional_actions(self):
        return [a for a in self._actions if a.option_strings]

    def _get_positional_actions(self):
        return [a for a in self._actions if not a.option_strings]

    def parse_args(self, args=None, namespace=None):
        args, argv = self.parse_known_args(args, namespace)
        if argv:
            self.error('unrecognized arguments: %s' % ' '.join(argv))
        return args

    def parse_known_args(self, args=None, namespace=None):
        args = _sys.argv[1:] if args is None else list(args)
        if namespace is None:
            namespace = Namespace()
        for action in self._actions:
            if action.dest is not SUPPRESS and not hasattr(namespace, action.dest) and action.default is not SUPPRESS:
                setattr(namespace, action.dest, action.default)
        for dest in self._defaults:
            if not hasattr(namespace, dest):
                setattr(namespace, dest, self._defaults[dest])
        if self.exit_on_error:
            try:
                namespace, args = self._parse_known_args(args, namespace)
            except ArgumentError as err:
                self.error(str(err))
        else:
            namespace, args = self._parse_known_args(args, namespace)
        if '_UNRECOGNIZED_ARGS_ATTR' in vars(namespace):
            args.extend(namespace._UNRECOGNIZED_ARGS_ATTR)
            delattr(namespace, '_UNRECOGNIZED_ARGS_ATTR')
        return namespace, args

    def _parse_known_args(self, arg_strings, namespace):
        if self.fromfile_prefix_chars is not None:
            arg_strings = self._read_args_from_files(arg_strings)
        conflicts = {}
        for group in self._mutually_exclusive_groups:
            for i, a in enumerate(group._group_actions):
                conflicts.setdefault(a, []).extend(group._group_actions[:i] + group._group_actions[i + 1:])
        option_at = {}
        pattern = []
        rest = iter(arg_strings)
        for i, s in enumerate(rest):
            if s == '--':
                pattern.append('-')
                pattern.extend('A' for _ in rest)
                break
            t = self._parse_optional(s)
            if t is None:
                pattern.append('A')
            else:
                option_at[i] = t
                pattern.append('O')
        pattern = ''.join(pattern)
        seen, seen_non_default, extras = set(), set(), []

        def take_action(action, strings, option_string=None):
            seen.add(action)
            values = self._get_values(action, strings)
            if values is not action.default:
                seen_non_default.add(action)
                for other in conflicts.get(action, []):
                    if other in seen_non_default:
                        raise ArgumentError(action, 'not allowed with argument %s' % _get_action_name(other))
            if values is not SUPPRESS:
                action(self, namespace, values, option_string)

        def consume_optional(start):
            tuples = option_at[start]
            action, option_string, sep, explicit = tuples[0]
            done = []
            while True:
                if action is None:
                    extras.append(arg_strings[start])
                    return start + 1
                if explicit is not None:
                    count = self._match_argument(action, 'A')
                    if count == 0 and option_string[1] not in self.prefix_chars and explicit != '':
                        done.append((action, [], option_string))
                        option_string = option_string[0] + explicit[0]
                        nxt = explicit[1:] or None
                        if option_string in self._option_string_actions:
                            action = self._option_string_actions[option_string]
                            explicit = nxt
                        else:
                            raise ArgumentError(action, 'ignored explicit argument %r' % explicit)
                    elif count == 1:
                        stop = start + 1
                        done.append((action, [explicit], option_string))
                        break
                    else:
                        raise ArgumentError(action, 'ignored explicit argument %r' % explicit)
                else:
                    first = start + 1
                    count = self._match_argument(action, pattern[first:])
                    stop = first + count
                    done.append((action, arg_strings[first:stop], option_string))
                    break
            for action, args, option_string in done:
                take_action(action, args, option_string)
            return stop

        positionals = self._get_positional_actions()

        def consume_positionals(start):
            counts = self._match_arguments_partial(positionals, pattern[start:])
            for action, count in zip(list(positionals), counts):
                args = arg_strings[start:start + count]
                if action.nargs not in (PARSER, REMAINDER) and start + count < len(pattern) and \
                        pattern[start + count] == 'O' and count == 0 and action.nargs in (OPTIONAL, ZERO_OR_MORE):
                    break
                start += count
                take_action(action, args)
                positionals.remove(action)
            return start

        start = 0
        last_option = max(option_at) if option_at else -1
        while start <= last_option:
            next_option = min(i for i in option_at if i >= start)
            if start != next_option:
                end = consume_positionals(start)
                if end > start:
                    start = end
                    continue
                start = end
            if start not in option_at:
                extras.extend(arg_strings[start:next_option])
                start = next_option
            start = consume_optional(start)
        stop = consume_positionals(start)
        extras.extend(arg_strings[stop:])
        required = []
        for action in self._actions:
            if action not in seen:
                if action.required:
                    required.append(_get_action_name(action))
                elif (action.default is not None and isinstance(action.default, str) and
                      hasattr(namespace, action.dest) and action.default is getattr(namespace, action.dest)):
                    setattr(namespace, action.dest, self._get_value(action, action.default))
        if required:
            raise ArgumentError(None, 'the following arguments are required: %s' % ', '.join(required))
        for group in self._mutually_exclusive_groups:
            if group.required and not any(a in seen_non_default for a in group._group_actions):
                names = [_get_action_name(a) for a in group._group_actions if a.help is not SUPPRESS]
                raise ArgumentError(None, 'one of the arguments %s is required' % ' '.join(names))
        return namespace, extras

    def _read_args_from_files(self, arg_strings):
        out = []
        for s in arg_strings:
            if not s or s[0] not in self.fromfile_prefix_chars:
                out.append(s)
                continue
            try:
                with open(s[1:]) as f:
                    lines = []
                    for line in f.read().splitlines():
                        lines.extend(self.convert_arg_line_to_args(line))
                    out.extend(self._read_args_from_files(lines))
            except OSError as err:
                raise ArgumentError(None, str(err))
        return out

    def convert_arg_line_to_args(self, arg_line):
        return [arg_line]

    def _match_argument(self, action, pattern):
        m = _re.match(_nargs_pattern(action), pattern)
        if m is None:
            n = action.nargs
            msg = {None: 'expected one argument', OPTIONAL: 'expected at most one argument',
                   ONE_OR_MORE: 'expected at least one argument'}.get(n) if not isinstance(n, int) else None
            if msg is None:
                msg = ngettext('expected %s argument', 'expected %s arguments', n) % n
            raise ArgumentError(action, msg)
        return len(m.group(1))

    def _match_arguments_partial(self, actions, pattern):
        for i in range(len(actions), 0, -1):
            m = _re.match(''.join(_nargs_pattern(a) for a in actions[:i]), pattern)
            if m is not None:
                return [len(g) for g in m.groups()]
        return []

    def _parse_optional(self, s):
        if not s or s[0] not in self.prefix_chars:
            return None
        if s in self._option_string_actions:
            return [(self._option_string_actions[s], s, None, None)]
        if len(s) == 1:
            return None
        option_string, sep, explicit = s.partition('=')
        if sep and option_string in self._option_string_actions:
            return [(self._option_string_actions[option_string], option_string, sep, explicit)]
        tuples = self._get_option_tuples(s)
        if len(tuples) > 1:
            raise ArgumentError(None, 'ambiguous option: %s could match %s' % (s, ', '.join(t[1] for t in tuples)))
        if len(tuples) == 1:
            return tuples
        if _re.match(r'^-\d+$|^-\d*\.\d+$', s) and not self._has_negative_number_optionals:
            return None
        if ' ' in s:
            return None
        return [(None, s, None, None)]

    def _get_option_tuples(self, s):
        out = []
        chars = self.prefix_chars
        if s[0] in chars and s[1] in chars:
            if self.allow_abbrev:
                prefix, sep, explicit = s.partition('=')
                for o, a in self._option_string_actions.items():
                    if o.startswith(prefix):
                        out.append((a, o, sep, explicit if sep else None))
        elif s[0] in chars and s[1] not in chars:
            prefix, sep, explicit = s.partition('=')
            short, short_explicit = s[:2], s[2:]
            for o, a in self._option_string_actions.items():
                if o == short:
                    out.append((a, o, '', short_explicit))
                elif self.allow_abbrev and o.startswith(prefix) and len(o) > 2 and o[1] not in chars:
                    out.append((a, o, sep, explicit if sep else None))
        else:
            raise ArgumentError(None, 'unexpected option string: %s' % s)
        return out

    def _get_values(self, action, strings):
        if action.nargs not in (PARSER, REMAINDER):
            if '--' in strings:
                strings = list(strings)
                strings.remove('--')
        if not strings and action.nargs == OPTIONAL:
            value = action.const if action.option_strings else action.default
            if isinstance(value, str) and value is not SUPPRESS:
                value = self._get_value(action, value)
        elif not strings and action.nargs == ZERO_OR_MORE and not action.option_strings:
            value = action.default if action.default is not None else []
        elif len(strings) == 1 and action.nargs in (None, OPTIONAL):
            value = self._get_value(action, strings[0])
            self._check_value(action, value)
        elif action.nargs == REMAINDER:
            value = [self._get_value(action, v) for v in strings]
        elif action.nargs == PARSER:
            value = [self._get_value(action, v) for v in strings]
            self._check_value(action, value[0])
        elif action.nargs == SUPPRESS:
            value = SUPPRESS
        else:
            value = [self._get_value(action, v) for v in strings]
            for v in value:
                self._check_value(action, v)
        return value

    def _get_value(self, action, s):
        f = self._registry_get('type', action.type, action.type)
        if not callable(f):
            raise ArgumentError(action, '%r is not callable' % (f,))
        try:
            return f(s)
        except ArgumentTypeError as err:
            raise ArgumentError(action, str(err))
        except (TypeError, ValueError):
            name = getattr(action.type, '__name__', repr(action.type))
            raise ArgumentError(action, 'invalid %(type)s value: %(value)r' % {'type': name, 'value': s})

    def _check_value(self, action, value):
        if action.choices is not None and value not in action.choices:
            raise ArgumentError(action, 'invalid choice: %r (choose from %s)' % (
                value, ', '.join(map(str, action.choices))))

    def format_usage(self):
        formatter = self._get_formatter()
        formatter.add_usage(self.usage, self._actions, self._mutually_exclusive_groups)
        return formatter.format_help()

    def format_help(self):
        formatter = self._get_formatter()
        formatter.add_usage(self.usage, self._actions, self._mutually_exclusive_groups)
        formatter.add_text(self.description)
        for group in self._action_groups:
            formatter.start_section(group.title)
            formatter.add_text(group.description)
            formatter.add_arguments(group._group_actions)
            formatter.end_section()
        formatter.add_text(self.epilog)
        return formatter.format_help()

    def _get_formatter(self):
        return self.formatter_class(prog=self.prog)

    def print_usage(self, file=None):
        self._print_message(self.format_usage(), file if file is not None else _sys.stdout)

    def print_help(self, file=None):
        self._print_message(self.format_help(), file if file is not None else _sys.stdout)

    def _print_message(self, message, file=None):
        if message:
            (file if file is not None else _sys.stderr).write(message)

    def exit(self, status=0, message=None):
        if message:
            self._print_message(message, _sys.stderr)
        _sys.exit(status)

    def error(self, message):
        self.print_usage(_sys.stderr)
        self.exit(2, '%(prog)s: error: %(message)s\n' % {'prog': self.prog, 'message': message})
