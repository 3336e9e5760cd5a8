// libpq-fe.h of Debian's libpq-dev: the types and declarations of libpq, loaded at run time.
#include <postgresql/libpq-fe.h>
