# cmake -P: one man page from one doc. The doc's title (its first line, `# ...`) becomes the page's
# header; a NAME section ("PAGE - SUMMARY") is put before the rest, whose `##` sections become the
# page's sections. Arguments: PANDOC DOC PAGE SUMMARY VERSION OUT.
file(READ ${DOC} text)
string(FIND "${text}" "\n" first_end)
string(SUBSTRING "${text}" ${first_end} -1 body)
string(TOUPPER ${PAGE} title)
get_filename_component(dir ${OUT} DIRECTORY)
file(MAKE_DIRECTORY ${dir})
set(source ${OUT}.md)
file(WRITE ${source} "# ${title}\n\n## NAME\n\n${PAGE} - ${SUMMARY}\n${body}")
execute_process(
  COMMAND ${PANDOC} --standalone --from markdown --to man --shift-heading-level-by=-1
          --metadata title=${title} --metadata section=1 --metadata "header=bpgn manual"
          --metadata "footer=bpgn ${VERSION}" --output ${OUT} ${source}
  RESULT_VARIABLE failed)
if(failed)
  message(FATAL_ERROR "pandoc could not make ${OUT} from ${DOC}")
endif()
file(REMOVE ${source})
