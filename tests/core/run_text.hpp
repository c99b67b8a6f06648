// A program's result as one comparable text: what it printed, then, if it ended
// with an uncaught exception, '!' and "Type: message" (or "Type" alone, for tests
// that pin only the exception's type). Used by the Catch2 files that check
// programs written inline; the recorded corpora go through program_cases.hpp,
// whose error form follows the corpus record instead.
#pragma once
#include <string>

#include "core/lang/eval/interp.hpp"

namespace run_text {

enum class ErrorForm { TypeAndMessage, TypeOnly };

// In an interpreter of the caller's (a test that keeps state across programs).
inline std::string run(sl::lang::Interp& in, const std::string& code, ErrorForm form = ErrorForm::TypeAndMessage) {
  auto r = in.run(code);
  if (r.ok) return r.out;
  return r.out + "!" + r.error_type + (form == ErrorForm::TypeAndMessage ? ": " + r.error_msg : std::string());
}

// In a fresh interpreter.
inline std::string run(const std::string& code, ErrorForm form = ErrorForm::TypeAndMessage) {
  sl::lang::Interp in;
  return run(in, code, form);
}

}  // namespace run_text
