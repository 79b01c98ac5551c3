/* Input text for the testers (see dat_load.h). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mpi.h>

#include "dat_load.h"

char *dat_load_text(int argc, char **argv, const char *builtin, const char *prog)
{
    long len = -1;
    char *text = NULL;
    int rank;

    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (argc < 2) {
        text = malloc(strlen(builtin) + 1);
        if (text != NULL)
            strcpy(text, builtin);
        return text;
    }
    if (rank == 0) {
        FILE *f = fopen(argv[1], "rb");
        if (f != NULL && fseek(f, 0, SEEK_END) == 0 && (len = ftell(f)) >= 0 &&
            fseek(f, 0, SEEK_SET) == 0 &&
            (text = malloc((size_t)len + 1)) != NULL &&
            fread(text, 1, (size_t)len, f) == (size_t)len)
            text[len] = '\0';
        else
            len = -1;
        if (f != NULL)
            fclose(f);
        if (len < 0)
            fprintf(stderr, "%s: cannot read %s\n", prog, argv[1]);
    }
    MPI_Bcast(&len, 1, MPI_LONG, 0, MPI_COMM_WORLD);
    if (len < 0) {
        free(text);
        return NULL;
    }
    if (rank != 0 && (text = malloc((size_t)len + 1)) == NULL)
        MPI_Abort(MPI_COMM_WORLD, 1);
    MPI_Bcast(text, (int)len + 1, MPI_CHAR, 0, MPI_COMM_WORLD);
    return text;
}
