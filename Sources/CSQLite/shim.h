// System SQLite (Debian's libsqlite3-dev), for the user-vocabulary store.
#include <sqlite3.h>
