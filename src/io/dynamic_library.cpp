#include "io/dynamic_library.h"

#include <dlfcn.h>

namespace bpgn {

void* open_library(const char* file, std::string& why) {
  // RTLD_LOCAL: its symbols serve its table only.
  void* handle = ::dlopen(file, RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char* error = ::dlerror();
    why = error ? error : std::string(file) + ": cannot be loaded";
  }
  return handle;
}

void* library_symbol(void* handle, const char* file, const char* name, std::string& why) {
  void* f = ::dlsym(handle, name);
  if (!f) why = std::string(file) + " lacks the function " + name + " (an older version?)";
  return f;
}

}  // namespace bpgn
