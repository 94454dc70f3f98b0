#include <stdio.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <readline/readline.h>
#include <readline/history.h>

// Swift 6 refuses direct use of readline's mutable globals ("not concurrency-safe"), so
// each one the REPL needs is reached through a static inline accessor.

/// Installs the function readline calls to complete the word before the cursor.
static inline void mask_rl_set_completion_function(rl_completion_func_t *function) {
    rl_attempted_completion_function = function;
}

/// Tells readline not to fall back to file name completion after ours.
static inline void mask_rl_set_completion_over(int over) {
    rl_attempted_completion_over = over;
}

/// Makes `.`, `:` and the operators separate words for completion, so `box.op`
/// completes `op` and `:he` completes `he`.
static inline void mask_rl_set_word_breaks(void) {
    rl_completer_word_break_characters = " \t\n\"'`@$><=;|&{}()[],.+-*/%:!";
}

/// The line being edited.
static inline const char *mask_rl_line_buffer(void) {
    return rl_line_buffer ? rl_line_buffer : "";
}

/// Makes readline leave SIGINT to the application, and calls `hook` in ordinary
/// (non-handler) context when a read is interrupted by a signal, and every tenth of a
/// second while waiting for a key, so a signal that lands between two reads is not missed.
static inline void mask_rl_set_signal_hook(rl_hook_func_t *hook) {
    rl_catch_signals = 0;
    rl_signal_event_hook = hook;
    rl_event_hook = hook;
}

/// Names the program `mask` for `$if mask` conditionals in inputrc files.
static inline void mask_rl_set_name(void) {
    rl_readline_name = "mask";
}

/// The width of the terminal on `fd` in columns, or 0 when it is not a terminal.
static inline int mask_terminal_columns(int fd) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) == 0) return size.ws_col;
    return 0;
}

/// The height of the terminal on `fd` in rows, or 0 when it is not a terminal.
static inline int mask_terminal_rows(int fd) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) == 0) return size.ws_row;
    return 0;
}

/// The character readline adds after a unique completion (a space by default); readline
/// resets it before every completion.
static inline void mask_rl_set_completion_append_character(int character) {
    rl_completion_append_character = character;
}

// History entries may span lines (a layer block typed over several lines is recalled
// whole): timestamps in the history file mark where each entry starts.
static inline void mask_history_keep_multiline_entries(void) {
    history_comment_char = '#';      // readline stamps entries only when this is set
    history_write_timestamps = 1;
    history_multiline_entries = 1;
}
