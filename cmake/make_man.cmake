# cmake -P: one man page. GENERATOR (the build tool bpgn_man_page, src/tools) writes its Markdown:
# NAME from SUMMARY; for a subcommand, SYNOPSIS and OPTIONS read off the program's own command
# line, the prose of DOC and EXIT STATUS from the subcommand's help. pandoc makes the page with
# FILTER (cmake/man_filter.lua: tables as lists, links to other docs as their man page or their
# installed path under DOCS_DIR; PAGES maps docs to pages: "check.md=bpgn-check,...").
# Arguments: GENERATOR PANDOC FILTER DOC PAGE SUMMARY VERSION DOCS_DIR PAGES OUT.
get_filename_component(dir ${OUT} DIRECTORY)
file(MAKE_DIRECTORY ${dir})
set(source ${OUT}.md)
execute_process(COMMAND ${GENERATOR} ${PAGE} ${SUMMARY} ${DOC} ${DOCS_DIR} OUTPUT_FILE ${source} RESULT_VARIABLE failed)
if(failed)
  file(REMOVE ${source})
  message(FATAL_ERROR "bpgn_man_page could not write the Markdown of ${PAGE}")
endif()
string(TOUPPER ${PAGE} title)
execute_process(
  COMMAND ${PANDOC} --standalone --from markdown-smart --to man --shift-heading-level-by=-1
          --lua-filter ${FILTER} --metadata title=${title} --metadata section=1
          --metadata "header=bpgn manual" --metadata "footer=bpgn ${VERSION}"
          --metadata "bpgn-docs=${DOCS_DIR}" --metadata "bpgn-pages=${PAGES}" --output ${OUT}.tmp ${source}
  RESULT_VARIABLE failed)
file(REMOVE ${source})
if(failed)
  file(REMOVE ${OUT}.tmp)
  message(FATAL_ERROR "pandoc could not make ${OUT} from ${DOC}")
endif()
file(RENAME ${OUT}.tmp ${OUT})
