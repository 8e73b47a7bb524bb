// Shared libraries opened on first use (dlopen), their functions called through a table of typed
// pointers. A library linked to the program is loaded, with what it links, at every start, even
// by `bpgn --version`; bpgn needs its decompressors only for the inputs that are compressed
// (io/libraries.h lists them).
//
// A table is a struct with one member per function, named as the function and of its own type
// (`decltype(&::inflate) inflate;`, the header's declaration), so that `z.inflate(...)` is checked
// by the compiler as a direct call would be, and a static `file()`, the library's soname.
#pragma once

#include <string>

namespace bpgn {

// The member of a table for the function `name`.
#define BPGN_LIBRARY_MEMBER(name) decltype(&::name) name = nullptr;
// Looks up `name` into the member of that name (in a table's look_up: `handle`, `soname`, `why`).
#define BPGN_LIBRARY_LOOKUP(name) find_function(handle, soname, #name, name, why) &&

// dlopen(file): the handle (never closed), or nullptr with the loader's words in `why`
// ("libarchive.so.13: cannot open shared object file: No such file or directory").
void* open_library(const char* file, std::string& why);
// The address of `name` in the library, or nullptr with the reason in `why`.
void* library_symbol(void* handle, const char* file, const char* name, std::string& why);

template <class F>
bool find_function(void* handle, const char* file, const char* name, F& f, std::string& why) {
  f = reinterpret_cast<F>(library_symbol(handle, file, name, why));
  return f != nullptr;
}

// Loads `file` into a table of type T: true and `table` filled, or false and the reason in `why`
// (the library missing, or a function missing from it). The library stays loaded.
template <class T>
bool load_library(const char* file, T& table, std::string& why) {
  void* handle = open_library(file, why);
  if (!handle) return false;
  T t;
  if (!t.look_up(handle, file, why)) return false;
  table = t;
  return true;
}

// T's library, loaded by the first call in the process (any thread; the others wait for it) and
// kept: nullptr when it cannot be loaded, the reason then in `why` when given. Later calls give
// the same answer.
template <class T>
const T* library(std::string* why = nullptr) {
  struct Loaded {
    T table;
    bool ok = false;
    std::string why;
  };
  static const Loaded loaded = [] {
    Loaded l;
    l.ok = load_library(T::file(), l.table, l.why);
    return l;
  }();
  if (!loaded.ok && why) *why = loaded.why;
  return loaded.ok ? &loaded.table : nullptr;
}

}  // namespace bpgn
