#include <libpq-fe.h>
